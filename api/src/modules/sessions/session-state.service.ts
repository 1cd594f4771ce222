import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SummaryWriter } from '../../engines/summaries/summarizer';
import type { SessionPublisher } from './session-events';
import { Session, type SessionStatus, type SessionTrack, type StoredRecap } from '../../kernel/entities/session.entity';

export interface SessionPatch {
  status?: SessionStatus;
  stage?: string | null;
  /** Progress never moves backwards while chunks finish out of order. */
  progress?: number;
  failureReason?: string | null;
}

export interface GeneratedSummaries {
  brief: string;
  moderate: string;
  detailed: string;
  veryShort: string;
  /** The scenes the texts are rendered from. */
  recap?: StoredRecap | null;
  writer: SummaryWriter;
}

/** What processing reads of a session: its audio, who pays, the campaign's names and the language. */
export interface ProcessingSource {
  storageKey: string | null;
  ownerId: string;
  vocabulary: string;
  /** The campaign owner's transcript language (docs/product.md#data). */
  languageCode: string;
  /** What the upload's content check measured by decoding the file (null for a browser recording). */
  durationMs: number | null;
  /** A multi-track upload's tracks; null for one recording. */
  tracks: SessionTrack[] | null;
}

/** The session was deleted while its processing ran: there is nothing left to write to. */
export class SessionDeletedError extends Error {
  constructor() {
    super('The session was deleted.');
    this.name = 'SessionDeletedError';
  }
}

/**
 * What processing writes to a session's row: where it stands (published to live watchers) and the
 * summaries it made. The worker calls it; viewers read the row through SessionService.
 */
export class SessionStateService {
  constructor(
    private readonly em: EntityManager,
    private readonly publisher: SessionPublisher,
  ) {}

  /** Writes where the session stands and publishes the result (NOTIFY) for live status. */
  async save(sessionId: string, patch: SessionPatch): Promise<void> {
    const sets = ['updated_at = now()'];
    const values: unknown[] = [];
    const set = (sql: string, value: unknown) => {
      sets.push(sql);
      values.push(value);
    };
    if (patch.status !== undefined) set('status = ?', patch.status);
    if (patch.stage !== undefined) set('stage = ?', patch.stage);
    if (patch.failureReason !== undefined) set('failure_reason = ?', patch.failureReason);
    // A stage change sets progress outright (a new run starts over); chunk reports arriving out of
    // order within the stage cannot move it backwards.
    if (patch.progress !== undefined)
      set(patch.stage !== undefined ? 'progress = ?' : 'progress = greatest(progress, ?)', patch.progress);
    // The NOTIFY is sent in the update's transaction, so it goes out when the row is committed: a
    // watcher reading the session on hearing it reads what it heard, and two chunks finishing
    // together (the row lock orders their commits) publish in the order they wrote, so a watcher
    // never sees progress move backwards.
    await this.em.transactional(async (tx) => {
      const rows = await tx.execute<
        Array<{ campaign_id: string; status: SessionStatus; stage: string | null; progress: number }>
      >(`update sessions set ${sets.join(', ')} where id = ? returning campaign_id, status, stage, progress`, [
        ...values,
        sessionId,
      ]);
      if (!rows.length) throw new SessionDeletedError();
      const [row] = rows;
      await this.publisher.publish(
        { sessionId, campaignId: row.campaign_id, status: row.status, stage: row.stage, progress: row.progress },
        tx,
      );
    });
  }

  /** The session's audio, owner, campaign vocabulary and language; gone sessions throw. */
  async source(sessionId: string): Promise<ProcessingSource> {
    const [row] = await this.em.getConnection().execute<
      Array<{
        storage_key: string | null;
        owner_id: string;
        vocabulary: string;
        language_code: string;
        duration_seconds: number | null;
        tracks: SessionTrack[] | null;
      }>
    >(
      `select s.storage_key, c.owner_id, c.vocabulary, u.language_code, s.duration_seconds, s.tracks
       from sessions s join campaigns c on c.id = s.campaign_id join users u on u.id = c.owner_id
       where s.id = ?`,
      [sessionId],
    );
    if (!row) throw new SessionDeletedError();
    return {
      storageKey: row.storage_key,
      ownerId: row.owner_id,
      vocabulary: row.vocabulary,
      languageCode: row.language_code,
      durationMs: row.duration_seconds === null ? null : Math.round(row.duration_seconds * 1000),
      tracks: row.tracks,
    };
  }

  async exists(sessionId: string): Promise<boolean> {
    return (await this.em.count(Session, { id: sessionId })) > 0;
  }

  /** The length the workflow's probe measured (the upload's own probe may have been cut short). */
  async recordDuration(sessionId: string, seconds: number): Promise<void> {
    await this.em.nativeUpdate(Session, { id: sessionId }, { durationSeconds: seconds });
  }

  /** The generated summaries, except those the owner rewrote by hand (Session.editedSummaries). */
  async saveSummaries(sessionId: string, summaries: GeneratedSummaries): Promise<void> {
    const generated = {
      briefSummary: summaries.brief,
      moderateSummary: summaries.moderate,
      detailedSummary: summaries.detailed,
    };
    await this.em.transactional(async (tx) => {
      const session = await tx.findOneOrFail(Session, sessionId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      for (const [name, text] of Object.entries(generated) as [keyof typeof generated, string][])
        if (!session.editedSummaries.includes(name)) session[name] = text;
      session.summaryVeryShort = summaries.veryShort;
      session.recap = summaries.recap ?? null;
      session.summaryWriter = summaries.writer.kind;
      session.summaryModel = summaries.writer.kind === 'model' ? summaries.writer.model : null;
    });
  }
}
