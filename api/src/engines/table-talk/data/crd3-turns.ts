/*
 * Two whole turns of Critical Role, from CRD3 (Rameshkumar & Bailey, ACL 2020,
 * https://github.com/RevanthRameshkumar/CRD3, train split), CC BY-SA 4.0: transcript by the
 * CRTranscript team. Tests of how a transcript file's long turns are cut (mixed-lines.ts).
 */

/**
 * C1E002, turn 14: the game master's "previously on", opened by an aside that says it is one (as
 * one turn, the recap's opening sentence marked all of it table talk), and the two turns after it.
 */
export const RECAP_TURN = {
  after: [
    'No! (group laughs)',
    'Bears almost got into fights in rings. And eventually the party made their way towards the bottom ring of Kraghammer proper, talking to Lord Nostoc Greyspine, who is--',
  ],
  aside:
    "Yes, but we'll be getting that going in the near future. So, anyway. Let's go ahead and do a little recap of what happened last week.",
  recap:
    "So the party has been hired by their friend, Arcanist Allura Vysoren, in the city of Emon to head towards the dwarven town of Kraghammer, as a good friend of hers, and one of the members of the Council of Tal'Dorei, has gone missing. This, being a halfling paladin, named Lady Kima of Vord, who was on a vision quest as part of a pilgrimage and was drawn towards some dark evil she said was manifesting somewhere deep beneath Kraghammer and hadn't been heard from since. So the party was sent there to go ahead and seek her. Upon arriving in Kraghammer, shenanigans ensued. They made some friends, made some enemies, wandered the town. Brother, sisters, walked around as if they were married.",
};

/** C1E004, turn 2484: a cast member answering a fan's question after the game, which tells of play in passing. */
export const QA_TURN =
  "Somebody asked something, like, what do we hope is the result of this show? I can't remember the wording. Obviously we're doing this because we love each other and we're having fun together, but I also hope, D&D has been, its entire history has been like, \"oh, it's this weird thing that guys do with dice in a room.\" Anyone can do this, I love video games, I work in video games, but D&D has changed my life. It is social, it is person to person, it is real, because it's people in a room doing shit together, and that's kind of lacking a little bit in our world, and I would say find some friends. I mean, I love that there are sort of online tools to play with people across the country, but if you can find three or four people in your town to do this, I'd say do it. Do it.";
