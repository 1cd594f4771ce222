import { ExtractiveSummarizer } from './extractive-summarizer';
import { sessionLines } from '../../../test/session-transcript';
import type { SummaryInput } from './summarizer';
import { conceptsOf, weigh } from './coverage';
import { PARTY, thirdPerson } from './third-person';
import { buildRecap } from './recap-builder';
import { findNames } from '../campaign-index/find-names';

const filtered: SummaryInput[] = sessionLines
  .map((line, i) => ({ ...line, startMs: i * 5000 }))
  .filter((line) => !line.tableTalk)
  .map(({ text, startMs }, i) => ({ id: `line-${i}`, text, startMs }));
const tableTalk = sessionLines.filter((l) => l.tableTalk).map((l) => l.text);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The sentences a summary is made of, in order. */
function sentencesOf(summary: string): string[] {
  return text(summary)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Three places, one after another: the docks, the tavern, the crypt; ids as the transcript's. */
const night: SummaryInput[] = [
  ...[
    'The ship drifts into the docks of Saltmere under a grey sky.',
    'Gulls scream over the docks as sailors haul crates of fish onto the pier.',
    'Captain Ives waits on the pier of the docks with her arms crossed.',
    'Captain Ives tells the party that her cargo of silver vanished from the docks last night.',
    'I search the crates on the pier for tracks.',
    'Wet footprints lead from the pier of the docks toward the old sea wall.',
  ],
  ...[
    'The party walks up the hill to the Copper Lantern tavern.',
    'Inside the Copper Lantern a fire crackles and the tavern smells of ale and smoke.',
    'The barkeep Olm pours the party a round of ale at the tavern.',
    'I ask Olm about the silver and slide him a gold coin across the bar of the tavern.',
    'Olm whispers that the smugglers meet in the crypt beneath the chapel.',
    'The tavern falls quiet as a hooded stranger leaves the Copper Lantern.',
  ],
  ...[
    'Down in the crypt beneath the chapel, candles flicker over old bones.',
    'Skeletons rise from the crypt floor and rattle toward the party.',
    'I smash two skeletons of the crypt with my hammer.',
    'Behind a crypt wall the party finds the crates of stolen silver.',
    'The party decides to carry the silver back to Captain Ives at dawn.',
    'Dust falls from the crypt ceiling as the last skeleton crumbles.',
  ],
].map((text, i) => ({
  id: `line-${i}`,
  text,
  startMs: i * 20_000,
  endMs: i * 20_000 + 15_000,
  ...(text.startsWith('I ') && { speaker: 'Bram' }),
}));

test('a night is cut into scenes in order, each with its time, place and the people met there', () => {
  const { scenes } = buildRecap(night);
  expect(scenes.length).toBeGreaterThanOrEqual(2);
  for (const [i, scene] of scenes.entries()) {
    expect(scene.endMs).toBeGreaterThan(scene.startMs);
    if (i > 0) expect(scene.startMs).toBeGreaterThanOrEqual(scenes[i - 1].endMs - 15_000);
  }
  expect(scenes[0].startMs).toBe(0);
  expect(scenes[scenes.length - 1].endMs).toBe(night[night.length - 1].endMs);
  // The docks' scene knows Captain Ives; the crypt's scene is a later one.
  const ives = scenes.findIndex((s) => s.met.some((m) => /Ives/.test(m)));
  expect(ives).toBe(0);
  expect(scenes.flatMap((s) => s.people)).toContain('Bram');
  expect(scenes.filter((s) => s.main).length).toBeGreaterThan(0);
});

test("every sentence of a recap links to the line it was told from, and says that line's words", () => {
  const { scenes } = buildRecap(night);
  const byId = new Map(night.map((l) => [l.id!, l]));
  const told = scenes.flatMap((s) => [...s.happened, ...s.found]);
  expect(told.length).toBeGreaterThanOrEqual(4);
  for (const sentence of told) {
    expect(sentence.lineIds.length).toBeGreaterThan(0);
    const line = byId.get(sentence.lineIds[0])!;
    expect(sentence.startMs).toBe(line.startMs);
    // Retold in the third person ("Bram smashes …"), but the line's own words.
    const words = (t: string) => t.toLowerCase().match(/[a-z]{4,}/g) ?? [];
    const own = new Set(words(line.text));
    expect(words(sentence.text).filter((w) => own.has(w)).length).toBeGreaterThanOrEqual(3);
  }
  // A player's declared deed, told in the third person from their line.
  expect(told.map((s) => s.text)).toContain('Bram searches the crates on the pier for tracks.');
});

test('no sentence of a scene names someone or something its own lines never name', () => {
  const { scenes } = buildRecap(night);
  for (const scene of scenes) {
    const lines = night.filter((l) => l.startMs >= scene.startMs && l.startMs < scene.endMs);
    const said = lines.map((l) => `${l.speaker ?? ''} ${l.text}`).join(' ');
    for (const sentence of [...scene.happened, ...scene.found])
      for (const name of findNames(sentence.text).filter((m) => !m.weak)) expect(said).toContain(name.text);
  }
});

test('a name said once across the table, never by the narration, stays out of the recap', async () => {
  const withAside: SummaryInput[] = [
    ...night.slice(0, 9),
    {
      id: 'aside',
      text: 'I bet Zorblax the Magnificent would steal that silver in a heartbeat.',
      startMs: 175_000,
      speaker: 'Bram',
    },
    ...night.slice(9),
  ];
  const summaries = await new ExtractiveSummarizer().summarize(withAside);
  expect(JSON.stringify(summaries.recap)).not.toMatch(/Zorblax/);
  expect(text(summaries.detailed)).not.toMatch(/Zorblax/);
});

test('people met and places are those the narration names, not a name only the players keep saying', () => {
  const withJoke: SummaryInput[] = [
    ...night.slice(0, 3),
    { id: 'joke-1', text: 'I wave at Magneto from the pier.', startMs: 50_000, speaker: 'Bram' },
    { id: 'joke-2', text: 'I bet Magneto could lift these crates with his mind.', startMs: 55_000, speaker: 'Bram' },
    ...night.slice(3),
  ];
  const { scenes } = buildRecap(withJoke);
  expect(scenes.flatMap((s) => [...s.met, ...s.where, s.title])).not.toContain('Magneto');
  expect(scenes.flatMap((s) => s.met)).toContain('Ives');
});

test('the brief recap follows the main scenes in three to six whole sentences: no quotes, questions, I or you', async () => {
  const { brief, recap } = await new ExtractiveSummarizer().summarize(night);
  const sentences = sentencesOf(brief);
  expect(sentences.length).toBeGreaterThanOrEqual(3);
  expect(sentences.length).toBeLessThanOrEqual(6);
  for (const sentence of sentences) {
    expect(sentence).not.toMatch(/["“”?]|\b(?:I|me|my|we|our|you|your)\b|^\w+: /i);
    expect(sentence.split(/\s+/).length).toBeGreaterThanOrEqual(4);
  }
  // In the night's order, each from a main scene.
  const main = recap.scenes.filter((s) => s.main).flatMap((s) => s.happened.map((h) => h.text));
  const order = sentences.map((s) => main.indexOf(s));
  expect(order).not.toContain(-1);
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

test('the three summaries are rendered from the recap: detailed holds every scene with its time, moderate the main ones', async () => {
  const { brief, moderate, detailed, veryShort, recap } = await new ExtractiveSummarizer().summarize(night);
  for (const scene of recap.scenes) {
    expect(detailed).toContain(`<h3>${scene.title} (`);
    for (const sentence of scene.happened) expect(text(detailed)).toContain(sentence.text);
  }
  for (const scene of recap.scenes.filter((s) => s.main))
    expect(moderate).toContain(`<strong>${scene.title}.</strong>`);
  expect(text(brief).length).toBeLessThan(text(moderate).length);
  expect(text(moderate).length).toBeLessThan(text(detailed).length);
  expect(veryShort.length).toBeGreaterThan(10);
  expect(veryShort.length).toBeLessThanOrEqual(140);
});

test('summaries keep the story and leave out table talk; the same night gives the same recap', async () => {
  const summarizer = new ExtractiveSummarizer();
  const summaries = await summarizer.summarize(filtered);
  expect(summaries).toEqual(await summarizer.summarize(filtered));
  for (const summary of [summaries.brief, summaries.moderate, summaries.detailed])
    for (const line of tableTalk) expect(text(summary)).not.toContain(line);
  expect(await summarizer.summarize([])).toEqual({
    brief: '',
    moderate: '',
    detailed: '',
    veryShort: '',
    recap: { scenes: [], threads: [] },
    writer: { kind: 'offline' },
  });
});

test('a recording the retelling rules cannot read is still summarised, as said', async () => {
  const spanish = [
    'La compañía llega al puerto de Saltmere bajo un cielo gris.',
    'La capitana Ives dice que su cargamento de plata desapareció anoche.',
    'El grupo encuentra la plata robada en la cripta bajo la capilla.',
  ].map((text, i) => ({ id: `l${i}`, text, startMs: i * 5000 }));
  const s = await new ExtractiveSummarizer().summarize(spanish);
  expect(s.brief).not.toBe('');
  for (const sentence of s.recap.scenes.flatMap((scene) => scene.happened))
    expect(spanish.map((l) => l.text)).toContain(sentence.text);
});

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
