/*
 * The home side of table-talk.ts's trade: the ai-quality campaigns' scripts (bench/ai-quality/campaign*,
 * written lines each labelled table talk or play), classified session by session as written. Whisper's
 * lines of them differ, so this is a check in seconds, not ai-quality's table_talk_leaks.
 */
import path from 'node:path';
import { loadCampaign, spokenLines } from '../ai-quality/fixture';
import type { TableTalkClassifier } from '../../api/src/engines/table-talk/table-talk';

const CAMPAIGNS = ['campaign', 'campaign-salt-road'].map((dir) => path.join(__dirname, '..', 'ai-quality', dir));

/** Table-talk lines left in play and game lines marked, over every session of both scripts. */
export async function scriptedNights(
  classifier: TableTalkClassifier,
  show?: (line: string, truth: boolean, marked: boolean) => void,
): Promise<{ leftInPlay: number; marked: number }> {
  const tally = { leftInPlay: 0, marked: 0 };
  for (const dir of CAMPAIGNS) {
    for (const session of loadCampaign(dir).sessions) {
      const lines = spokenLines(session);
      const labels = await classifier.classify(lines.map((l) => l.text));
      lines.forEach((line, i) => {
        if (line.tableTalk && !labels[i].tableTalk) tally.leftInPlay++;
        if (!line.tableTalk && labels[i].tableTalk) tally.marked++;
        if (line.tableTalk !== labels[i].tableTalk) show?.(line.text, line.tableTalk, labels[i].tableTalk);
      });
    }
  }
  return tally;
}
