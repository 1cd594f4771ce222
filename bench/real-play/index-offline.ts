/*
 * The campaign index in seconds, without the api (issue 46): derived CRD3 train episodes
 * (.data/real-play/, from derive.ts) read as the import reads them, cut and marked by the lexical
 * table-talk filter as the pipeline does (every voice a player's: the cast is named after the
 * imports), their in-game lines fed to buildIndex as one campaign with the cast's characters, and
 * the index's recall of the synopses' in-game names scored as the bench scores it (indexRecall).
 *
 *   node -r ./api/test/swc-register.cjs bench/real-play/index-offline.ts [C1E001,C1E002,C1E003] [--list]
 *
 * `--list` prints every entry (kind, mentions, name, variants) and the in-game names it misses.
 */
import fs from 'node:fs';
import { buildIndex, type IndexLine } from '../../api/src/engines/campaign-index/build-index';
import { LexicalTableTalkClassifier } from '../../api/src/engines/table-talk/lexical-classifier';
import { parseTranscript } from '../../api/src/engines/transcript-formats/parse';
import { CASTS } from './cast';
import { loadEpisode } from './derive';
import { namesIn, namesOf } from './names';
import { indexRecall } from './summaries';

const GOALS = { entries: 120, recall: 0.8 };

/** One episode's in-game lines, as the pipeline stores and marks an imported plain-text file. */
async function inGameLines(id: string, order: number, classifier: LexicalTableTalkClassifier): Promise<IndexLine[]> {
  const { transcriptPath } = loadEpisode(id);
  const cues = parseTranscript(fs.readFileSync(transcriptPath)).cues;
  const stored = cues.map((c) => ({ ...c, speaker: c.speaker ?? null, words: [] }));
  const lines = classifier.separate(stored);
  const speakers = lines.map((l) => (l.speaker ? ('player' as const) : null));
  const labels = await classifier.classify(
    lines.map((l) => l.text),
    { speakers },
  );
  return lines.flatMap((l, position) =>
    labels[position].tableTalk
      ? []
      : [
          {
            sessionId: id,
            sessionOrder: order,
            position,
            lineId: `${id}#${position}`,
            text: l.text,
            speaker: l.speaker,
          },
        ],
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const list = args.includes('--list');
  // As a caller that passes no speakers (Whisper's lines from one microphone) would index the same lines.
  const voiceless = args.includes('--no-speakers');
  const ids = (args.find((a) => !a.startsWith('--')) ?? 'C1E001,C1E002,C1E003').split(',');
  const classifier = new LexicalTableTalkClassifier();
  const lines: IndexLine[] = [];
  for (const [order, id] of ids.entries()) lines.push(...(await inGameLines(id, order, classifier)));
  const characters = Object.values(CASTS[ids[0].slice(0, 2)] ?? {});
  const entries = buildIndex({
    lines: voiceless ? lines.map((l) => ({ ...l, speaker: undefined })) : lines,
    vocabulary: [],
    characters,
  });
  const words = entries.flatMap((e) => [e.name, ...e.variants]);
  // Each episode's names on their own, as scoreNames gathers them; the index is judged on all.
  const inGame = [...new Set(ids.flatMap((id) => [...namesOf(loadEpisode(id).episode.synopsis.inGame)]))];
  const recall = indexRecall(inGame, words);
  const found = new Set(namesIn(inGame, words.join('\n')));
  // The ceiling: names the in-game lines spell as the synopsis does, somewhere.
  const spelled = new Set(namesIn(inGame, lines.map((l) => l.text).join('\n')));
  if (list) {
    const said = new Map<string, Map<string, number>>();
    for (const l of lines) {
      const by = said.get(l.sessionId) ?? new Map<string, number>();
      said.set(l.sessionId, by);
      by.set(l.speaker ?? '', (by.get(l.speaker ?? '') ?? 0) + l.text.split(/\s+/).length);
    }
    const narrator = new Map([...said].map(([s, by]) => [s, [...by].sort((a, b) => b[1] - a[1])[0][0]]));
    const byId = new Map(lines.map((l) => [l.lineId, l]));
    const narrated = (e: (typeof entries)[number]) =>
      e.mentions.filter((m) => byId.get(m.lineId)!.speaker === narrator.get(m.sessionId)).length;
    const holders = new Map<string, number>();
    for (const e of entries)
      for (const n of namesIn(inGame, [e.name, ...e.variants].join('\n'))) holders.set(n, (holders.get(n) ?? 0) + 1);
    for (const e of entries) {
      const own = namesIn(inGame, [e.name, ...e.variants].join('\n'));
      // '+': the entry holds a name no other entry holds; '*': only names others hold too.
      const mark = own.some((n) => holders.get(n) === 1) ? '+' : own.length ? '*' : ' ';
      const variants = e.variants.length ? `  [${e.variants.join(', ')}]` : '';
      const counts = `${String(e.mentions.length).padStart(4)} ${String(narrated(e)).padStart(4)}`;
      console.log(`${mark} ${e.kind.padEnd(9)} ${counts}  ${e.name}${variants}`);
    }
    const missed = (said: boolean) => inGame.filter((n) => !found.has(n) && spelled.has(n) === said).join(', ');
    console.log(`  missed, in the in-game lines: ${missed(true)}\n  missed, not in them: ${missed(false)}`);
  }
  const kinds = new Map<string, number>();
  for (const e of entries) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
  console.log(
    `index of ${ids.join(', ')}: ${lines.length} in-game lines, ${entries.length} entries ` +
      `(${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${inGame.length} in-game names ` +
      `(${spelled.size} spelled in the in-game lines)`,
  );
  const ok = entries.length <= GOALS.entries && recall >= GOALS.recall;
  console.log(`RESULT name=index_offline_entries value=${entries.length} goal<=${GOALS.entries} ok=${ok}`);
  console.log(`RESULT name=index_offline_name_recall value=${recall.toFixed(2)} goal>=${GOALS.recall} ok=${ok}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
