import { LexicalTableTalkClassifier } from './lexical-classifier';
import { reasonIn, reasonsFor, TABLE_TALK_REASONS } from './reasons';

const classifier = new LexicalTableTalkClassifier();
/** A run of play to set a line in, so its neighbours read as a game in progress. */
const NARRATION = [
  'The goblins scatter as the torchlight reaches the bottom of the stairs.',
  'Behind them a rusted portcullis blocks the way into the crypt.',
];

async function inPlay(line: string) {
  const [, label] = await classifier.classify([NARRATION[0], line, NARRATION[1]]);
  return label;
}

test('in-character speech and questions about the world stay in play, however casual', async () => {
  // Talk as a table has it in character; by our written lines alone each of these was table talk.
  const speech = [
    "Let's do it!",
    "We have to go find him, don't we?",
    'I put the idol in the bag of holding.',
    'Sounds good to me, lead the way.',
    'Oh no. Oh no, no, no.',
    'Is there anyone still alive down there?',
    'How far away is the door on the other side?',
    'Do I recognise the symbol on his ring?',
  ];
  const labels = await Promise.all(speech.map(inPlay));
  expect(speech.filter((_, i) => labels[i].tableTalk)).toEqual([]);
  for (const label of labels) expect(label.reason).toBeUndefined();
});

test('each marked line says why, in one of the reasons the GM sees', async () => {
  const asides: Array<[string, (typeof TABLE_TALK_REASONS)[number]]> = [
    ['Wait, does sneak attack work if my ally is next to it? I thought the rule was different.', 'rules'],
    ['Honestly this dice app hates me, I should use my real dice.', 'dice'],
    ['Can someone order a pepperoni pizza for me?', 'food'],
    ['Are we still on for next Saturday? I might have to work.', 'scheduling'],
    ['Okay, quick five minute break, everyone.', 'break'],
    ['Thanks to our sponsor, and remember to subscribe on Twitch.', 'sponsor'],
    ['Sorry, my phone keeps buzzing, it is my mom.', 'off-topic'],
  ];
  for (const [line, reason] of asides) {
    const label = await inPlay(line);
    expect({ line, tableTalk: label.tableTalk, reason: label.reason }).toEqual({ line, tableTalk: true, reason });
  }
});

test("a short aside amid play is table talk by its topic, though real play's counts call it play", async () => {
  // The show's synopsis counts a return from the break in the game; a table does not.
  for (const line of ['Alright, we are back.', 'Same time next week? I will bring snacks.']) {
    expect((await inPlay(line)).tableTalk).toBe(true);
  }
});

test('a topic word in narration that both models are sure is play does not mark it', async () => {
  // Whisper's "coffin of iron", in ai-quality's third session: "coffee" alone would make it food.
  const heard = 'Mother Oriel kneels before a coffee on fire and chanting and the water around it begins to boil.';
  expect(reasonIn(heard)).toBe('food');
  expect((await inPlay(heard)).tableTalk).toBe(false);
});

test("a line without a topic of its own takes its run's reason, else off-topic", () => {
  const lines = ['Who wants pizza?', 'Yeah, me.', 'Me too.', 'The door creaks open.', 'Ha, that is so funny.'];
  expect(reasonsFor(lines, [true, true, true, false, true])).toEqual(['food', 'food', 'food', undefined, 'off-topic']);
  // A story world's bread, breaks and rules are not the table's.
  for (const line of ['You break the lock.', 'She tears the bread in two.', 'The rule of the duke is cruel.']) {
    expect(reasonIn(line)).toBeUndefined();
  }
});
