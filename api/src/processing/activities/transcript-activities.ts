import { ref } from '@mikro-orm/core';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { Session } from '../../modules/sessions/session.entity';
import { SessionChunk } from '../../modules/transcripts/session-chunk.entity';
import { TranscriptSegment } from '../../modules/transcripts/transcript-segment.entity';
import { correctToVocabulary, parseVocabulary } from '../text/vocabulary';
import { splitIntoLines, type TranscriptLine } from '../transcript/lines';
import { fork, mapFailures, withHeartbeat, type ProcessingDeps } from './activity-deps';

type TranscriptActivities = Pick<
  SessionProcessingActivities,
  'assembleTranscript' | 'filterTableTalk' | 'summarizeSession' | 'indexTranscript'
>;

/** hh:mm:ss from milliseconds, as the full transcript shows times. */
function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** A line with its times (and its words' times) moved by `offsetMs`: chunk-relative to session-relative. */
function shift(line: TranscriptLine, offsetMs: number): TranscriptLine {
  return {
    startMs: line.startMs + offsetMs,
    endMs: line.endMs + offsetMs,
    text: line.text.trim(),
    words: line.words.map((w) => ({ word: w.word, startMs: w.startMs + offsetMs, endMs: w.endMs + offsetMs })),
  };
}

/** The campaign's names (characters, places) that the owner typed or the transcript edits taught. */
async function vocabularyOf(deps: ProcessingDeps, sessionId: string): Promise<string> {
  const [row] = await fork(deps)
    .getConnection()
    .execute<Array<{ vocabulary: string }>>(
      'select c.vocabulary from sessions s join campaigns c on c.id = s.campaign_id where s.id = ?',
      [sessionId],
    );
  return row?.vocabulary ?? '';
}

async function segmentsOf(deps: ProcessingDeps, sessionId: string) {
  const em = fork(deps);
  const segments = await em.find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
  return { em, segments };
}

/** Assemble, filter, summarize and index: the stages that work on the transcript text. */
export function transcriptActivities(deps: ProcessingDeps): TranscriptActivities {
  return {
    async assembleTranscript({ sessionId }: SessionRef): Promise<number> {
      const em = fork(deps);
      const chunks = await em.find(SessionChunk, { session: sessionId }, { orderBy: { index: 'asc' } });
      const missing = chunks.filter((c) => !c.done).map((c) => c.index);
      if (!chunks.length || missing.length) throw new Error(`chunks not transcribed yet: ${missing.join(', ')}`);
      // Lines are cut on word timings (sentence ends, pauses), so one line is one speaker's sentence
      // and table talk cannot ride along with narration; times become session-relative.
      const heard = chunks.flatMap((chunk) =>
        splitIntoLines({ text: chunk.text, words: chunk.words, segments: chunk.segments }).map((line) =>
          shift(line, chunk.startMs),
        ),
      );
      const lines = correctToVocabulary(heard, parseVocabulary(await vocabularyOf(deps, sessionId))).filter((l) =>
        l.text.trim(),
      );
      await em.transactional(async (tx) => {
        // A rerun (retry, reset) replaces the segments of an earlier run instead of adding to them.
        await tx.nativeDelete(TranscriptSegment, { session: sessionId });
        const session = tx.getReference(Session, sessionId);
        lines.forEach((line, position) => tx.create(TranscriptSegment, { session: ref(session), position, ...line }));
        await tx.nativeUpdate(
          Session,
          { id: sessionId },
          { fullTranscript: lines.map((l) => `[${clock(l.startMs)}] ${l.text}`).join('\n') },
        );
      });
      return lines.length;
    },

    async filterTableTalk({ sessionId }: SessionRef): Promise<number> {
      const { em, segments } = await segmentsOf(deps, sessionId);
      const labels = await mapFailures(() =>
        withHeartbeat((signal) =>
          deps.engines.tableTalk.classify(
            segments.map((s) => s.text),
            { signal },
          ),
        ),
      );
      if (labels.length !== segments.length) throw new Error(`${labels.length} labels for ${segments.length} lines`);
      segments.forEach((segment, i) => (segment.tableTalk = labels[i].tableTalk));
      await em.flush();
      return labels.filter((l) => l.tableTalk).length;
    },

    async summarizeSession({ sessionId }: SessionRef): Promise<void> {
      const { em, segments } = await segmentsOf(deps, sessionId);
      const inGame = segments.filter((s) => !s.tableTalk).map((s) => ({ text: s.text, startMs: s.startMs }));
      const summaries = await mapFailures(() =>
        withHeartbeat((signal) => deps.engines.summarizer.summarize(inGame, { signal })),
      );
      await em.nativeUpdate(
        Session,
        { id: sessionId },
        {
          briefSummary: summaries.brief,
          moderateSummary: summaries.moderate,
          detailedSummary: summaries.detailed,
          summaryVeryShort: summaries.veryShort,
        },
      );
    },

    async indexTranscript({ sessionId }: SessionRef): Promise<void> {
      // In-game lines rank above table talk ('A' vs 'D' weight) but both stay findable.
      await fork(deps)
        .getConnection()
        .execute(
          `update transcript_segments
           set search_vector = setweight(to_tsvector('english', text), (case when table_talk then 'D' else 'A' end)::"char")
           where session_id = ?`,
          [sessionId],
        );
    },
  };
}
