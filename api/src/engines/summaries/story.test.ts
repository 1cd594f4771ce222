import { tellsStory } from './story';

test('someone doing something tells the story', () => {
  for (const sentence of [
    'The cavern comes alive with bright white light.',
    'Grog then swings his axe at the troll.',
    'There are guards doing rounds around the city.',
    'That leaves Percy and Grog on the flying carpet.',
    'Kira gives Tobin some water from her water skin.',
  ])
    expect([sentence, tellsStory(sentence)]).toEqual([sentence, true]);
});

test('directions across the table, intentions, turn and rules talk and fragments do not', () => {
  for (const sentence of [
    // Directions and imperatives, and a line said to someone by name.
    'Make three attacks, Grog.',
    'Come along, Trinket, there is nothing to be scared of.',
    'The party can go in the lava cave, Keyleth.',
    "As soon as it's ready, bring it right over to Balgus.",
    // What someone means to do, not what they did.
    'Kira is going to shoot an arrow at the ogre.',
    'Maybe the party should talk to the foreman first.',
    'Tobin will inspire Elvara and Kasimir.',
    // Turn order and rules.
    'Top of the round, Kira is up.',
    "That's Kira's turn, and she moves up.",
    'Kira casts Cure Wounds with a level 2 spell slot.',
    // Fragments: no subject before the first verb, a subordinate clause alone, a relative clause alone.
    'Acknowledging the orders they received from the lord.',
    'If Kira helps push the bear through the door.',
    'For the love of the gods and all that is holy.',
  ])
    expect([sentence, tellsStory(sentence)]).toEqual([sentence, false]);
});
