import type { EntityManager } from '@mikro-orm/postgresql';
import { SessionDeletedError } from '../sessions';
import { Recording, RecordingPart, RecordingSegment, RecordingState } from '../../kernel/entities/recording.entity';
import { Session } from '../../kernel/entities/session.entity';

export interface SegmentState {
  index: number;
  cutMs: number;
  /** Set once the segment is cut to its end. */
  durationMs: number | null;
  /** Storage keys of parts 0, 1, 2 … up to the first missing one, in order. */
  contiguousKeys: string[];
}

/**
 * The recordings' rows: state, segments and parts. The service (requests) and the recording
 * activities (the worker) both go through it; neither writes these tables itself.
 */
export class RecordingStore {
  constructor(private readonly em: EntityManager) {}

  find(sessionId: string): Promise<Recording | null> {
    return this.em.findOne(Recording, { session: sessionId });
  }

  /** The recording's state; a deleted session (and with it the recording) ends the work for good. */
  async state(sessionId: string): Promise<RecordingState> {
    const recording = await this.find(sessionId);
    if (!recording) throw new SessionDeletedError();
    return recording.state;
  }

  /** The newest segment's index (the one parts go to). */
  async currentSegment(sessionId: string): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ index: number | null }>>(
        'select max(index) as index from recording_segments where recording_session_id = ?',
        [sessionId],
      );
    return row?.index ?? 0;
  }

  /** How many parts of the segment arrived without a gap: the number the client sends next. */
  async partsReceived(sessionId: string, segment: number): Promise<number> {
    const numbers = await this.partNumbers(sessionId, segment);
    let next = 0;
    while (next < numbers.length && numbers[next] === next) next++;
    return next;
  }

  async hasPart(sessionId: string, segment: number, number: number): Promise<boolean> {
    return (await this.em.count(RecordingPart, { recording: sessionId, segment, number })) > 0;
  }

  /** Records a stored part; a second arrival of the same number (a retry) changes nothing. */
  async addPart(sessionId: string, segment: number, number: number, sizeBytes: number, storageKey: string) {
    await this.em.getConnection().execute(
      `insert into recording_parts (recording_session_id, segment, number, size_bytes, storage_key)
       values (?, ?, ?, ?, ?) on conflict do nothing`,
      [sessionId, segment, number, sizeBytes, storageKey],
    );
    await this.em.nativeUpdate(Recording, { session: sessionId }, { lastPartAt: new Date() });
  }

  /** A new segment after the newest one (Resume); an unused newest segment is reused instead. */
  async openSegment(sessionId: string): Promise<number> {
    const current = await this.currentSegment(sessionId);
    if ((await this.partNumbers(sessionId, current)).length === 0) return current;
    this.em.create(RecordingSegment, { recording: sessionId, index: current + 1 });
    await this.em.flush();
    return current + 1;
  }

  /** RECORDING → FINISHING (no more parts); any other state stays. */
  async stop(sessionId: string): Promise<void> {
    await this.em.nativeUpdate(
      Recording,
      { session: sessionId, state: RecordingState.RECORDING },
      { state: RecordingState.FINISHING },
    );
  }

  /** The segments in order with what is cut of them and their parts so far. */
  async segments(sessionId: string): Promise<SegmentState[]> {
    const segments = await this.em.find(RecordingSegment, { recording: sessionId }, { orderBy: { index: 'asc' } });
    const parts = await this.em.find(
      RecordingPart,
      { recording: sessionId },
      { orderBy: { segment: 'asc', number: 'asc' }, fields: ['segment', 'number', 'storageKey'] },
    );
    return segments.map((segment) => {
      const keys: string[] = [];
      for (const part of parts.filter((p) => p.segment === segment.index)) {
        if (part.number !== keys.length) break;
        keys.push(part.storageKey);
      }
      return {
        index: segment.index,
        cutMs: segment.cutMs,
        durationMs: segment.durationMs ?? null,
        contiguousKeys: keys,
      };
    });
  }

  /**
   * The length of a recording assembled into its session (every segment was decoded to its end
   * when it was cut), or null for a session that is not one.
   */
  async recordedMs(sessionId: string): Promise<number | null> {
    const recording = await this.find(sessionId);
    if (recording?.state !== RecordingState.FINISHED) return null;
    const lengths = (await this.segments(sessionId)).map((s) => s.durationMs);
    return lengths.every((ms) => ms !== null) ? lengths.reduce<number>((sum, ms) => sum + ms!, 0) : null;
  }

  /** Moves a segment's cut point (and closes it with its length); the caller opens the transaction. */
  async markCut(sessionId: string, index: number, cutMs: number, durationMs: number | null) {
    await this.em.nativeUpdate(RecordingSegment, { recording: sessionId, index }, { cutMs, durationMs });
  }

  /** Every part's storage key (what the assembled recording replaces). */
  async partKeys(sessionId: string): Promise<string[]> {
    const parts = await this.em.find(RecordingPart, { recording: sessionId }, { fields: ['storageKey'] });
    return parts.map((p) => p.storageKey);
  }

  /**
   * FINISHED: the session's audio is the assembled recording and the parts' rows go, in one
   * transaction (their files are removed after).
   */
  async finish(sessionId: string, audio: { storageKey: string; sizeBytes: number; mimeType: string }): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.nativeUpdate(Session, { id: sessionId }, audio);
      await tx.nativeDelete(RecordingPart, { recording: sessionId });
      await tx.nativeUpdate(Recording, { session: sessionId }, { state: RecordingState.FINISHED });
    });
  }

  private async partNumbers(sessionId: string, segment: number): Promise<number[]> {
    const parts = await this.em.find(
      RecordingPart,
      { recording: sessionId, segment },
      { orderBy: { number: 'asc' }, fields: ['number'] },
    );
    return parts.map((p) => p.number);
  }
}
