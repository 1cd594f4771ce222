import { devCampaign, SESSIONS, whisperTranscript } from '../transcript/fixtures/dev-campaign';
import { splitIntoLines } from '../transcript/lines';
import { correctToVocabulary, parseVocabulary } from '../text/vocabulary';
import { buildIndex, type IndexLine } from './build-index';

const vocabulary = parseVocabulary(devCampaign.vocabulary);
const characters = ['Thorin', 'Eldrawen', 'Quillon'];

/** The dev campaign's in-game lines as written in its script. */
const scriptLines: IndexLine[] = SESSIONS.flatMap((sessionId, sessionOrder) =>
  devCampaign.sessions[sessionId]
    .filter((u) => u.label === 'game')
    .map((u, position) => ({ sessionId, sessionOrder, position, lineId: `${sessionId}#${position}`, text: u.text })),
);

const lines = (texts: string[], sessionId = 's1'): IndexLine[] =>
  texts.map((text, position) => ({ sessionId, sessionOrder: 0, position, lineId: `${sessionId}#${position}`, text }));

const byName = (entries: ReturnType<typeof buildIndex>) => new Map(entries.map((e) => [e.name, e]));

test('finds every named character, place and thing of the dev campaign, each mention on its line', () => {
  const index = buildIndex({ lines: scriptLines, vocabulary, characters });
  const entries = byName(index);
  const found = vocabulary.filter((name) => entries.has(name));
  expect(found).toEqual(vocabulary);
  // Nothing but the campaign's names: no sentence openers, rules or dice talk.
  expect(index.map((e) => e.name).sort()).toEqual([...vocabulary].sort());

  for (const entry of index) {
    for (const m of entry.mentions) {
      const line = scriptLines.find((l) => l.lineId === m.lineId)!;
      expect(line.sessionId).toBe(m.sessionId);
      expect(line.text.slice(m.start, m.end)).toBe(m.text);
    }
  }
  // Every line that spells a name links to its entry.
  for (const name of ['Vessaline', 'Kragmaw', 'Nythraxis', 'Duskhollow']) {
    const saying = scriptLines.filter((l) => l.text.includes(name)).map((l) => l.lineId);
    expect([...new Set(entries.get(name)!.mentions.map((m) => m.lineId))]).toEqual(saying);
  }
});

test('kinds from the words in and around a name, characters from the cast', () => {
  const entries = byName(buildIndex({ lines: scriptLines, vocabulary, characters }));
  const kind = (name: string) => entries.get(name)!.kind;
  for (const name of characters) expect(kind(name)).toBe('character');
  for (const name of ['Morrowgate', 'Brindlemoor', 'Duskhollow']) expect(kind(name)).toBe('place');
  for (const name of ['Vessaline', 'Kragmaw', 'Nythraxis', 'Faelan', 'Ysoldra Thane']) expect(kind(name)).toBe('npc');
});

test('first and last session, spelling variants and a description that says what it is', () => {
  const entries = byName(buildIndex({ lines: scriptLines, vocabulary, characters }));
  const kragmaw = entries.get('Kragmaw')!;
  expect([kragmaw.firstSessionId, kragmaw.lastSessionId]).toEqual(['ember-road', 'war-camp']);
  expect(entries.get('Ysoldra Thane')!.variants).toEqual(['Ysoldra']);
  expect(entries.get('Aubrielle')!.variants).toEqual(['Saint Aubrielle']);
  expect(entries.get('Vessaline')!.description).toContain('a scarred woman named Vessaline');
  expect(entries.get('Kragmaw')!.description).toContain('Kragmaw, the orc warlord');
});

test('on Whisper output, finds most names the transcript spells', () => {
  const heard: IndexLine[] = SESSIONS.flatMap((sessionId, sessionOrder) =>
    correctToVocabulary(splitIntoLines(whisperTranscript(sessionId, 'prompt')), vocabulary).map((l, position) => ({
      sessionId,
      sessionOrder,
      position,
      lineId: `${sessionId}#${position}`,
      text: l.text,
    })),
  );
  const entries = byName(buildIndex({ lines: heard, vocabulary, characters }));
  const spelled = vocabulary.filter((name) => heard.some((l) => new RegExp(`\\b${name}\\b`).test(l.text)));
  const found = spelled.filter((name) => entries.has(name));
  expect(spelled.length).toBeGreaterThanOrEqual(8);
  expect(found.length / spelled.length).toBeGreaterThanOrEqual(0.8);
});

test('items, factions, titled people and spelling variants without a vocabulary', () => {
  const index = buildIndex({
    lines: lines([
      'The party swore an oath to the Order of the Pale Hand before the long march.',
      'Sister Maren wields the Ember Blade and rides for Castle Greyhold.',
      'At dawn the Order of the Pale Hand sends riders after them.',
      'Maren raises the Ember Blade. Roll for initiative, everyone.',
      'Okay. Natural twenty! The guards of Castle Greyhold open the gates.',
      "Captain Oswin Dray says the Ember Blade was forged in Greyhold's deepest forge.",
      'Oswin Drey grins and lowers his spear.',
    ]),
    vocabulary: [],
    characters: [],
  });
  const entries = byName(index);
  expect(index.map((e) => e.name)).toEqual([
    'Order of the Pale Hand',
    'Maren',
    'Ember Blade',
    'Castle Greyhold',
    'Oswin Dray',
  ]);
  expect(entries.get('Order of the Pale Hand')!.kind).toBe('faction');
  expect(entries.get('Ember Blade')!.kind).toBe('item');
  expect(entries.get('Castle Greyhold')!.kind).toBe('place');
  expect(entries.get('Castle Greyhold')!.mentions).toHaveLength(3); // "Greyhold's" too
  expect(entries.get('Maren')!.kind).toBe('npc');
  expect(entries.get('Oswin Dray')!.variants).toEqual(['Captain Oswin Dray', 'Oswin Drey']);
});

test('the same lines always give the same entries', () => {
  const once = buildIndex({ lines: scriptLines, vocabulary, characters });
  const again = buildIndex({ lines: [...scriptLines].reverse(), vocabulary, characters });
  expect(again).toEqual(once);
});

/** A night's lines with their speakers: Matt narrates (says the most), the others play. */
const voiced = (said: Array<[string, string]>, sessionId = 's1'): IndexLine[] =>
  said.map(([speaker, text], position) => ({
    sessionId,
    sessionOrder: 0,
    position,
    lineId: `${sessionId}#${position}`,
    text,
    speaker,
  }));

const NARRATION =
  'The rain has not stopped for three days, and the road below the hills is more mud than stone by now.';

test('a name needs evidence: two lines, or the GM introducing it; not a player, an exclamation or an everyday word', () => {
  const index = buildIndex({
    lines: voiced([
      ['Matt', `${NARRATION} A man named Jepson waves you over to his cart.`],
      ['Laura', 'Is that the guy from Nantucket? We should ask him.'],
      ['Travis', 'I ask him about the Brimstone Road.'],
      ['Matt', `${NARRATION} He says the Brimstone Road is closed.`],
      ['Sam', 'Well, that is bad news. Yay.'],
      ['Laura', 'Yay! Travis, you roll.'],
      ['Travis', 'He is very-- Well, I guess we wait. Laura, your turn.'],
      ['Sam', 'We could go well around it, as well as we can.'],
      ['Matt', `${NARRATION} You see it well enough.`],
    ]),
    vocabulary: [],
    characters: [],
  });
  expect(index.map((e) => e.name)).toEqual(['Jepson', 'Brimstone Road']);
});

test("the GM is the caller's narration where it says so, else the voice that talks most in its session", () => {
  const lines = voiced([
    ['Matt', `${NARRATION} ${NARRATION}`],
    ['Ashley', 'I tell Kethra the innkeeper we need rooms.'],
  ]);
  const names = (l: IndexLine[]) => buildIndex({ lines: l, vocabulary: [], characters: [] }).map((e) => e.name);
  expect(names(lines)).toEqual([]);
  expect(names(lines.map((l) => ({ ...l, narration: l.speaker === 'Ashley' })))).toEqual(['Kethra']);
  // Nobody known to narrate (one microphone): any line may be the GM's, so a single mention stands.
  expect(names(lines.map((l) => ({ ...l, speaker: undefined })))).toEqual(['Kethra']);
});

test('spelling variants join one entry: a letter off, a plural, a short form, a title, a longer phrase said once', () => {
  const index = buildIndex({
    lines: voiced([
      ['Matt', `${NARRATION} Lord Greyspine waits at the gate of his manor.`],
      ['Laura', 'We go talk to the Greypsine guy.'],
      ['Liam', 'The Greyspines own half the city.'],
      ['Matt', `${NARRATION} The Greyspine Quarry lies beyond the wall.`],
      ['Liam', 'Vax sneaks ahead of Grog Strongjaw.'],
      ['Matt', `${NARRATION} Enchanter Pumat Sol counts the crates.`],
      ['Taliesin', 'I ask Pumat Sol about the ship.'],
      ['Laura', 'Pumat Sol, how much for the rope?'],
      ['Matt', `${NARRATION} Enchanter Pumat Sol shrugs.`],
      ['Liam', 'We thank Pumat Sol and leave.'],
    ]),
    vocabulary: [],
    characters: ["Vax'ildan", 'Grog'],
  });
  const entries = byName(index);
  expect(index.map((e) => e.name).sort()).toEqual(['Greyspine', 'Grog', 'Pumat Sol', "Vax'ildan"]);
  expect(entries.get('Greyspine')!.variants.sort()).toEqual([
    'Greypsine',
    'Greyspine Quarry',
    'Greyspines',
    'Lord Greyspine',
  ]);
  expect(entries.get("Vax'ildan")!.variants).toEqual(['Vax']);
  expect(entries.get('Grog')!.variants).toEqual(['Grog Strongjaw']);
  expect(entries.get('Pumat Sol')!.variants).toEqual(['Enchanter Pumat Sol']);
});

test('a sentence opener and a hyphen: "As the Watchmaster" is the Watchmaster, "Tri-Spires" one name', () => {
  const entries = byName(
    buildIndex({
      lines: voiced([
        ['Matt', `${NARRATION} As the Watchmaster speaks, the Tri-Spires glow.`],
        ['Laura', 'We head to the Tri-Spires and find the Watchmaster.'],
      ]),
      vocabulary: [],
      characters: [],
    }),
  );
  expect([...entries.keys()]).toEqual(['Watchmaster', 'Tri-Spires']);
  expect(entries.get('Watchmaster')!.variants).toEqual([]);
});
