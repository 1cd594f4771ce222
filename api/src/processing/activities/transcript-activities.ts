import { ref } from '@mikro-orm/core';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { Session } from '../../modules/sessions/session.entity';
import { SessionChunk } from '../../modules/transcripts/session-chunk.entity';
import { TranscriptSegment } from '../../modules/transcripts/transcript-segment.entity';
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
      const lines = chunks.flatMap((chunk) =>
        chunk.segments
          .filter((s) => s.text.trim())
          .map((s) => ({ startMs: chunk.startMs + s.startMs, endMs: chunk.startMs + s.endMs, text: s.text.trim() })),
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
