import { ExtractiveSummarizer } from './extractive-summarizer';
import type { SummaryInput } from './summarizer';
import { conceptsOf, weigh } from './coverage';
import { PARTY, thirdPerson } from './third-person';
import { plainText as text, sentencesIn as sentencesOf } from '../../../test/summary-sentences';

// How the offline recap retells what is said: whole events, the third person, names only as told.

/** A short session dense with events: each sentence something happening. */
const caravan = [
  'The caravan reaches the salt town of Vessmark at noon.',
  'Captain Idris Kael hires the party to guard his wagons to the coast.',
  'On the second night, jackals made of smoke circle the camp.',
  'Pell lights a torch and drives them back into the dunes.',
  'Nadira finds a brass compass buried under the wagon wheels.',
  'The compass points to a ruined lighthouse on the cliffs.',
  'Inside the lighthouse, a ghost of a drowned keeper begs them to ring the fog horn.',
  'Orrin climbs the stairs and sounds the horn three times.',
  'The ghost fades and leaves behind a key of black iron.',
  'Kael pays the party forty gold coins when the wagons reach the harbour.',
];

test('a night in another language is told in its own words, the English retelling rules left aside', async () => {
  const french = [
    'Le groupe arrive au port de Saltmere à la tombée de la nuit.',
    'La capitaine Ives dit que sa cargaison d’argent a disparu hier soir.',
    'Je fouille les caisses sur le quai pour trouver des traces.',
    'Des traces de pas mouillées mènent du quai au vieux mur de la mer.',
    'Dans la crypte sous la chapelle, le groupe trouve l’argent volé.',
    'Vous entendez des pas dans le couloir derrière vous.',
  ].map((text, i) => ({ id: `fr-${i}`, text, startMs: i * 20_000, ...(i === 2 && { speaker: 'Bram' }) }));
  const context = { cast: ['Bram'], vocabulary: [], language: 'fr' };
  const s = await new ExtractiveSummarizer().summarize(french, { context });
  // Every line whole and as said (English rules would drop half of them as no story, or cut them).
  const told = s.recap.scenes.flatMap((scene) => scene.happened.map((h) => h.text));
  expect(told).toEqual(french.map((l) => l.text));
  expect(sentencesOf(s.brief).length).toBeGreaterThanOrEqual(3);
  for (const sentence of sentencesOf(s.brief)) expect(french.map((l) => l.text)).toContain(sentence);
});

test('a short session dense with events is retold whole at the detailed level, its chatter left out', async () => {
  const chatter = ['Yes.', 'Okay, so.', 'Nineteen.', 'Hmm, let me think.'];
  const input = [...caravan.slice(0, 5), ...chatter, ...caravan.slice(5)].map((text, i) => ({
    text,
    startMs: i * 4000,
  }));
  const summaries = await new ExtractiveSummarizer().summarize(input);
  for (const event of caravan) expect(text(summaries.detailed)).toContain(event);
  for (const line of chatter) expect(text(summaries.detailed)).not.toContain(line);
  expect(summaries.moderate.length).toBeLessThan(summaries.detailed.length);
  expect(summaries.brief.length).toBeLessThan(summaries.moderate.length);
});

test('names read out with nothing happening (shout-outs, labels) are left out, though their names are rare', async () => {
  // The tagger reads "summons" as a plural noun: a longer sentence is kept all the same.
  const events = [...caravan.slice(0, 5), 'Magda summons two ground ice from the floor.', ...caravan.slice(9)];
  const labels = ['Timothy Hudson and Amir.', 'Steve Blum, Troy Baker.', 'Geek and Sundry website.'];
  const input = [...events.slice(0, 3), ...labels, ...events.slice(3)].map((text, i) => ({ text, startMs: i * 4000 }));
  const summaries = await new ExtractiveSummarizer().summarize(input);
  for (const event of events) expect(text(summaries.detailed)).toContain(event);
  for (const label of labels) expect(text(summaries.detailed)).not.toContain(label);
});

test('a player saying what their character does is retold in the third person; the GM\'s "you" is who they answer', async () => {
  expect(thirdPerson('I take the Ember Blade.', { speaker: 'Bram', addressee: PARTY })).toBe(
    'Bram takes the Ember Blade.',
  );
  expect(thirdPerson('I grab my rope and pull Lyra up.', { speaker: 'Bram', addressee: PARTY })).toBe(
    'Bram grabs their rope and pulls Lyra up.',
  );
  expect(thirdPerson("I'm going to run.", { speaker: 'Lyra', addressee: PARTY })).toBe('Lyra is going to run.');
  expect(thirdPerson('I took the key.', { speaker: 'Lyra', addressee: PARTY })).toBe('Lyra took the key.');
  expect(thirdPerson('You see two guards at the gate.', { addressee: PARTY })).toBe(
    'The party sees two guards at the gate.',
  );
  expect(thirdPerson('He hands you the key and says, "I trust you."', { addressee: 'Lyra' })).toBe(
    'He hands Lyra the key and says, "I trust you."',
  );
  // The GM talking as themselves, or a player talking across the table, is no part of the story.
  expect(thirdPerson('I think we should stop here.', { addressee: PARTY })).toBeNull();
  expect(thirdPerson('Can you pass the dice?', { speaker: 'Bram', addressee: PARTY })).toBeNull();

  const night: SummaryInput[] = [
    {
      text: 'The vault door grinds open and torchlight spills over the Ember Blade on the altar of the drowned king.',
      startMs: 0,
    },
    { text: 'I grab the Ember Blade from the altar and run for the stairs.', startMs: 5000, speaker: 'Bram' },
    { text: 'Skeletons rise from the flooded crypt and block the stairs behind you.', startMs: 10000 },
    { text: 'Cold black water floods the crypt as you run for the sewer gate.', startMs: 12000 },
    { text: 'I promise the innkeeper Sabine that we will bring her brother home.', startMs: 15000, speaker: 'Lyra' },
    { text: 'The party escapes through the sewer and reaches the harbour at dawn.', startMs: 20000 },
  ];
  const { detailed, recap } = await new ExtractiveSummarizer().summarize(night);
  expect(text(detailed)).toContain('Bram grabs the Ember Blade from the altar and runs for the stairs.');
  expect(text(detailed)).toContain('Skeletons rise from the flooded crypt and block the stairs behind Bram.');
  // The GM's next line no longer answers Bram: "you" is the party.
  expect(text(detailed)).toContain('Cold black water floods the crypt as the party runs for the sewer gate.');
  // Sabine is named once, by a player: no one the recap may name on that evidence alone.
  expect(text(detailed)).not.toContain('Sabine');
  for (const sentence of recap.scenes.flatMap((s) => s.happened))
    expect(sentence.text).not.toMatch(/\b(I|my|we)\b|\w+: /);
});

test('a player introducing themselves by their own name is left out, also once the cast names their character', async () => {
  const night = (alsoKnownAs?: string[]): SummaryInput[] => [
    {
      text: "Hello everyone, I'm Marisha Ray and I play a druid on this show.",
      startMs: 0,
      speaker: 'Keyleth',
      alsoKnownAs,
    },
    { text: 'The vault door grinds open and torchlight spills over the altar of the drowned king.', startMs: 5000 },
    {
      text: 'I turn into a bear and charge the skeletons by the altar.',
      startMs: 10000,
      speaker: 'Keyleth',
      alsoKnownAs,
    },
    { text: 'Skeletons rise from the flooded crypt and block the stairs behind the party.', startMs: 15000 },
    { text: 'The party escapes through the sewer and reaches the harbour at dawn.', startMs: 20000 },
  ];
  const named = await new ExtractiveSummarizer().summarize(night(['Marisha']));
  expect(text(named.detailed)).toContain('Keyleth turns into a bear and charges the skeletons by the altar.');
  expect(text(named.detailed)).not.toMatch(/Marisha|druid on this show/);
  // Without the player's name beside the character's, the introduction is still a name said once, by a player.
  const unnamed = await new ExtractiveSummarizer().summarize(night());
  expect(text(unnamed.detailed)).toContain('Keyleth turns into a bear');
  expect(text(unnamed.detailed)).not.toContain('Marisha Ray');
});

test('a sentence naming someone at the table as themselves is left out once the cast tells players from characters', async () => {
  const night = (named: boolean): SummaryInput[] => [
    { text: 'The vault door grinds open and torchlight spills over the altar of the drowned king.', startMs: 0 },
    {
      text: 'Laura was in tears when the bard sang the ballad of the drowned king.',
      startMs: 5000,
      ...(named ? { speaker: 'Grog', alsoKnownAs: ['Travis'] } : { speaker: 'Travis' }),
    },
    {
      text: 'I follow the bard into the crypt below the altar.',
      startMs: 6000,
      ...(named ? { speaker: 'Percy', alsoKnownAs: ['Taliesin'] } : { speaker: 'Taliesin' }),
    },
    {
      text: 'I smash the skeleton guarding the altar with my maul.',
      startMs: 8000,
      speaker: named ? 'Vex' : 'Laura',
      ...(named && { alsoKnownAs: ['Laura'] }),
    },
    {
      text: 'Will and Matt are both great storytellers, says the bard to the crowd.',
      startMs: 9000,
      ...(named && { alsoKnownAs: ['Matt'] }),
    },
    // "matt" is an English word, but no common one: opening a sentence it is still the GM.
    {
      text: 'Matt, I step over to the other side of the altar.',
      startMs: 10000,
      ...(named ? { speaker: 'Vex', alsoKnownAs: ['Laura'] } : { speaker: 'Laura' }),
    },
    { text: 'Skeletons rise from the flooded crypt and block the stairs behind the party.', startMs: 12000 },
    { text: "The bard sings of Taliesin's hat and the drowned king's crown.", startMs: 13000 },
    // A line two players said together: a voice of its own that the cast leaves unnamed.
    { text: 'We cheer as the last skeleton crumbles into the water.', startMs: 15000, speaker: 'Laura and Travis' },
    { text: 'The party escapes through the sewer and reaches the harbour at dawn.', startMs: 20000 },
  ];
  const named = await new ExtractiveSummarizer().summarize(night(true));
  expect(text(named.detailed)).toContain('Vex smashes the skeleton guarding the altar with their maul.');
  expect(text(named.detailed)).toContain('Percy follows the bard into the crypt below the altar.');
  expect(text(named.detailed)).not.toMatch(/Laura|Matt|Taliesin/);
  // Without the cast the names could be anyone's, the story's included: nothing is left out for them.
  const unnamed = await new ExtractiveSummarizer().summarize(night(false));
  expect(text(unnamed.detailed)).toContain('Laura was in tears');
});

test("a character's speech over several sentences stays quoted speech, each sentence with its marks", async () => {
  const night: SummaryInput[] = [
    { text: 'The foreman Brakka wipes his hands on his apron and scowls at the party.', startMs: 0 },
    {
      text: 'He growls, "The old shaft below Emberfall is cursed. Three miners of House Greyspine went down and never came back."',
      startMs: 5000,
    },
    { text: 'The party follows the foreman down the ladder into the dark.', startMs: 10000 },
    { text: 'At the third level the lanterns gutter and a cold wind rises from below.', startMs: 15000 },
  ];
  const { detailed } = await new ExtractiveSummarizer().summarize(night);
  expect(text(detailed)).toContain('He growls, "The old shaft below Emberfall is cursed."');
  expect(text(detailed)).toContain('"Three miners of House Greyspine went down and never came back."');
});

test("a name only the players say, never the narrating GM, weighs less than the story's names", () => {
  const texts = ['Grog swings at the ogre.', 'But Ashley speaks Dwarvish.', 'Grog grins at Ashley.'];
  const names = new Set(['grog', 'ashley']);
  const narrated = new Set(['grog', 'swings', 'at', 'the', 'ogre']);
  const weights = weigh(texts, names, narrated);
  expect(weights.get('@ashley')!).toBeLessThan(weights.get('@grog')! / 2);
  // Without narration told apart (no cast, one voice), every name counts by how often it is said.
  const plain = weigh(texts, names);
  expect(plain.get('@ashley')).toBe(plain.get('@grog'));
});

test('the brief recap tells what happened: no directions, intentions or turn talk', async () => {
  // The table talk carries the most names, so only the brief recap's story test keeps it out.
  const night: SummaryInput[] = [
    'The party reaches the gates of the dwarven city at dusk.',
    'Go ahead and make your three attacks against Balgus and Orlan with the Ember Blade, Grog.',
    'Top of the round, Kima of Vord is up against Balgus and Orlan.',
    'Captain Balgus is going to draw his sword against Grog and Kima at the Kraghammer gate.',
    'Grog smashes the gate open with his axe.',
    'The guards flee into the mines below the city.',
    'The party follows the guards down a long dark tunnel into the mines.',
    'Deep in the tunnel the party finds an abandoned camp with a cold fire.',
    'A torn map in the camp shows a path to a hidden temple under the mountain.',
  ].map((text, i) => ({ text, startMs: i * 5000 }));
  const { brief } = await new ExtractiveSummarizer().summarize(night);
  expect(text(brief)).not.toMatch(/three attacks|Top of the round|is going to/);
  expect(text(brief)).toMatch(/Grog smashes the gate open|The guards flee|The party reaches the gates/);
});

test('the moderate recap tells the story without quoted speech or quips', async () => {
  // The quotes and quips carry rare names, so coverage alone would pick them for the moderate recap.
  const night: SummaryInput[] = [
    'The party reaches the gates of Kraghammer at dusk.',
    '"Aye, the Pig Pits of Balgus are that way, past the Stone\'s Pillow."',
    'The guard captain Adra waves the party through the gate.',
    'Get after it, Thompson and Minxie!',
    'Grog buys a round of ale at the Iron Hearth Tavern.',
    '"Ask Nostoc Greyspine about the mithral, Herris said so."',
    'Keyleth turns into a giant bear in the fighting ring.',
    'The crowd roars as the bear throws Balgus out of the ring.',
    'Vex follows a hooded dwarf down an alley behind the tavern.',
    'The dwarf drops a letter sealed with the crest of House Thunderbrand.',
    'Percy opens the letter and reads of Lady Kima, lost in the mines.',
    'The party rests at the inn and sets out for the mines at dawn.',
  ].map((text, i) => ({ text, startMs: i * 5000 }));
  const { brief, moderate, detailed } = await new ExtractiveSummarizer().summarize(night);
  expect(text(moderate)).not.toMatch(/["“”]|Get after it/);
  expect(sentencesOf(moderate).length).toBeGreaterThan(sentencesOf(brief).length);
  expect(text(detailed).length).toBeGreaterThan(text(moderate).length);
});

test('a name counts as told only where it is said as a name, capitalised', () => {
  const names = new Set(['greyspine', 'manor']);
  expect(conceptsOf('The party heads to Greyspine Manor.', names)).toEqual(
    expect.arrayContaining(['@greyspine', '@manor']),
  );
  // "the manor" is a common noun here: it leaves the name "Manor" still to be told.
  expect(conceptsOf('The party goes to the manor.', names)).not.toContain('@manor');
  expect(conceptsOf('The party goes to the manor.', names)).toContain('manor');
});
