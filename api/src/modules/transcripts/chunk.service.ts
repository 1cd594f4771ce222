import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChunkTranscript, TimedWord, TranscriptSegment } from '../../engines/speech-to-text/speech-to-text';
import { joinWords } from '../../engines/transcript/lines';
import { SessionChunk } from '../../kernel/entities/session-chunk.entity';

export interface PreparedChunk {
  index: number;
  /** Where the chunk's audio starts, its lead included. */
  startMs: number;
  /** Where its own part starts, when the audio has a lead before it. */
  ownStartMs?: number | null;
  durationMs: number;
  storageKey: string;
  /** The track's speaker (multi-track uploads). */
  speaker?: string | null;
}

/**
 * The owner of a session's audio chunks: the pipeline's memory of what is prepared and what is
 * transcribed, so a retry or a crashed worker never pays for a finished chunk twice.
 */
export class ChunkService {
  constructor(private readonly em: EntityManager) {}

  count(sessionId: string): Promise<number> {
    return this.em.count(SessionChunk, { session: sessionId });
  }

  /** All rows in one transaction: a run that dies part way leaves none, and the next starts over. */
  async create(sessionId: string, chunks: PreparedChunk[]): Promise<void> {
    await this.em.transactional((tx) => {
      for (const chunk of chunks) tx.create(SessionChunk, { session: sessionId, ...chunk });
    });
  }

  get(sessionId: string, index: number): Promise<SessionChunk> {
    return this.em.findOneOrFail(SessionChunk, { session: sessionId, index });
  }

  /** The chunks in order, each with its transcript once done. */
  all(sessionId: string): Promise<SessionChunk[]> {
    return this.em.find(SessionChunk, { session: sessionId }, { orderBy: { index: 'asc' } });
  }

  /**
   * Keeps a chunk's transcript, less what was heard in its lead (the previous chunk has it), and
   * says how many of the session's chunks are done.
   */
  async saveTranscript(chunk: SessionChunk, transcript: ChunkTranscript): Promise<{ done: number; total: number }> {
    const own = withoutLead(transcript, chunk.ownStartMs == null ? 0 : chunk.ownStartMs - chunk.startMs);
    chunk.text = own.text;
    chunk.segments = own.segments;
    chunk.words = own.words;
    chunk.done = true;
    await this.em.flush();
    return this.progress(chunk.session.id);
  }

  /** How many of the session's chunks are transcribed, of how many. */
  async progress(session: string): Promise<{ done: number; total: number }> {
    const [done, total] = await Promise.all([
      this.em.count(SessionChunk, { session, done: true }),
      this.em.count(SessionChunk, { session }),
    ]);
    return { done, total };
  }

  /** Where the chunks' audio is kept (deleted once the session is READY; the rows stay). */
  async storageKeys(sessionId: string): Promise<string[]> {
    const chunks = await this.em.find(SessionChunk, { session: sessionId }, { fields: ['storageKey'] });
    return chunks.map((c) => c.storageKey);
  }
}

type Timed = { startMs: number; endMs: number };
const middle = (t: Timed) => (t.startMs + t.endMs) / 2;
const within = (word: Timed, segment: Timed) => middle(word) >= segment.startMs && middle(word) <= segment.endMs;
const letters = (token: string) => token.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '').length;

/**
 * A chunk's transcript without what was heard in the first `leadMs` of its audio: the words whose
 * middle falls there, and the segments left without words. A segment across the cut keeps its
 * words after it and loses the others from its text; without word timings a segment goes by its
 * own middle. Times stay relative to the chunk's audio.
 */
export function withoutLead(transcript: ChunkTranscript, leadMs: number): ChunkTranscript {
  if (leadMs <= 0) return transcript;
  const inLead = (t: Timed) => middle(t) < leadMs;
  const words = transcript.words.filter((w) => !inLead(w));
  const gone = transcript.words.filter(inLead);
  const segments = transcript.segments.flatMap((segment): TranscriptSegment[] => {
    const kept = words.filter((w) => within(w, segment));
    const lost = gone.filter((w) => within(w, segment));
    if (!kept.length && (lost.length || inLead(segment))) return [];
    if (!lost.length) return [segment];
    return [{ ...segment, startMs: Math.max(segment.startMs, kept[0].startMs), text: dropWords(segment.text, lost) }];
  });
  const text = transcript.segments.length ? segments.map((s) => s.text).join('') : joinWords(words);
  return { text: text.trim(), words, segments };
}

/**
 * `text` without its first words, as many letters and digits as `lost` has: Whisper's words and
 * segment text come from one decode, though not always cut alike ("14" "-plus" against "14-plus").
 */
function dropWords(text: string, lost: TimedWord[]): string {
  let left = lost.reduce((n, w) => n + letters(w.word), 0);
  const tokens = text.trim().split(/\s+/);
  let k = 0;
  while (k < tokens.length && left > 0) left -= letters(tokens[k++]);
  return `${/^\s*/.exec(text)![0]}${tokens.slice(k).join(' ')}`;
}
