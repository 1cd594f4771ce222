/* The facts of a scene beside its sentences (recap-builder.ts): who, whom, where, the threads left open. */
import type { IndexEntry } from '../campaign-index/build-index';
import { findThreads } from '../campaign-index/open-threads';
import type { RecapScene, RecapSentence } from './recap';
import type { RecapNames } from './recap-names';
import type { SummaryInput } from './summarizer';
import { thirdPerson } from './third-person';

/** A voice takes part in a scene with at least this share of its players' lines. */
const PART_SHARE = 0.1;
const GROUP_VOICE = /\band\b|,|^(?:all|everyone|everybody)$/i;

/**
 * Where no line of a scene tells the story, the people first met in it still do, in a plain
 * sentence whose every name is said in the scene's lines (they are its first mentions).
 */
export function metTemplate(
  met: string[],
  lines: SummaryInput[],
  ids: string[],
  start: number,
  end: number,
): RecapSentence {
  const named = ids
    .slice(start, end)
    .filter((_, k) => met.some((name) => lines[start + k].text.includes(name)))
    .slice(0, met.length);
  const first = ids.indexOf(named[0] ?? ids[start]);
  const names = met.length < 2 ? met[0] : `${met.slice(0, -1).join(', ')} and ${met[met.length - 1]}`;
  return { text: `The party meets ${names}.`, lineIds: named, startMs: lines[first].startMs };
}

/** A scene's places, people and the people first met in it, from the index entries its lines mention. */
export function sceneData(
  lines: SummaryInput[],
  ids: string[],
  start: number,
  end: number,
  known: RecapNames,
  narrator: string | undefined,
  firstMet: Set<string>,
  index: number,
): Pick<RecapScene, 'title' | 'where' | 'people' | 'met'> {
  const inScene = new Set(ids.slice(start, end));
  const mentioned = known.entries
    .map((e) => ({ entry: e, count: e.mentions.filter((m) => inScene.has(m.lineId)).length }))
    .filter((m) => m.count > 0 && (m.entry.kind === 'character' || known.narrated(m.entry)))
    .sort((a, b) => b.count - a.count);
  const where = mentioned.filter((m) => m.entry.kind === 'place').map((m) => m.entry.name);
  const talk = new Map<string, number>();
  // One voice each: a line several said together ("Laura and Travis", "All") names no one by themselves.
  for (const line of lines.slice(start, end))
    if (line.speaker && line.speaker !== narrator && !GROUP_VOICE.test(line.speaker))
      talk.set(line.speaker, (talk.get(line.speaker) ?? 0) + 1);
  // Who took part: a voice with a share of the scene's talk, not one who spoke a word in passing.
  const spoken = [...talk.values()].reduce((a, b) => a + b, 0);
  const people = [...talk]
    .filter(([, n]) => n >= spoken * PART_SHARE)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
  const met: string[] = [];
  for (const { entry } of mentioned) {
    if (entry.kind !== 'npc' || firstMet.has(entry.key)) continue;
    firstMet.add(entry.key);
    if (inScene.has(entry.mentions[0].lineId)) met.push(entry.name);
  }
  // The title is the place most the scene's own (said here, of all the night's mentions of it), so a
  // city every scene names gives way to the house or tavern this one is in; without a place or a
  // person met, the scene is known by its place in the night.
  const own = (m: { entry: IndexEntry; count: number }) => (m.count * m.count) / m.entry.mentions.length;
  const home = mentioned.filter((m) => m.entry.kind === 'place').sort((a, b) => own(b) - own(a))[0];
  const title = home?.entry.name ?? (met[0] ? `Meeting ${met[0]}` : `Scene ${index + 1}`);
  return { title, where: where.slice(0, 3), people, met: met.slice(0, 4) };
}

/** The quests and promises the night opened and did not settle, retold in the third person. */
export function openThreads(
  lines: SummaryInput[],
  ids: string[],
  narrator: string | undefined,
  known: RecapNames,
): RecapSentence[] {
  const byId = new Map(ids.map((id, i) => [id, i]));
  const threads = findThreads(
    lines.map((l, i) => ({ sessionId: 's', sessionOrder: 0, position: i, lineId: ids[i], text: l.text })),
  );
  return threads.flatMap((t) => {
    const i = byId.get(t.lineId)!;
    const speaker = lines[i].speaker === narrator ? undefined : lines[i].speaker;
    const text = thirdPerson(t.text, { speaker, addressee: 'the party' });
    if (t.resolvedBy || !text || /\?$/.test(text) || !known.allows(text)) return [];
    return [{ text, lineIds: [t.lineId], startMs: lines[i].startMs }];
  });
}
