import { ExtractiveSummarizer } from './extractive-summarizer';
import { sessionLines } from '../../../test/session-transcript';
import type { SummaryInput } from './summarizer';
import { buildRecap } from './recap-builder';
import { findNames } from '../campaign-index/find-names';
import { plainText as text, sentencesIn as sentencesOf } from '../../../test/summary-sentences';

const filtered: SummaryInput[] = sessionLines
  .map((line, i) => ({ ...line, startMs: i * 5000 }))
  .filter((line) => !line.tableTalk)
  .map(({ text, startMs }, i) => ({ id: `line-${i}`, text, startMs }));
const tableTalk = sessionLines.filter((l) => l.tableTalk).map((l) => l.text);
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
