import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChunkTranscript } from '../../engines/speech-to-text/speech-to-text';
import { SessionChunk } from './session-chunk.entity';

export interface PreparedChunk {
  index: number;
  startMs: number;
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

  /** Keeps a chunk's transcript and says how many of the session's chunks are done. */
  async saveTranscript(chunk: SessionChunk, transcript: ChunkTranscript): Promise<{ done: number; total: number }> {
    chunk.text = transcript.text;
    chunk.segments = transcript.segments;
    chunk.words = transcript.words;
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
