import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import type { AudioStorage } from '../../storage/storage';
import { renditionAudioKey, sessionPrefix } from '../../storage/storage-key';
import type { Viewer } from '../../kernel/viewer';
import { DomainError, badInput } from '../../kernel/errors';
import type { PasswordConfirmation } from '../accounts';
import { mayReadGmOnly, requireUser, roleByOwner, type CampaignRole, type Policy } from '../../policy/policy';
import { touch } from '../../kernel/entities/campaign.entity';
import {
  type CampaignSummaryService,
  type SessionListItem,
  CAMPAIGN_MESSAGES,
  contentSchema,
  isSummaryName,
  nameSchema,
  parseField,
  type SummaryName,
} from '../campaigns';
import {
  requestSummaryRefresh,
  applyEdit,
  type TranscriptService,
  type TranscriptLine,
  addToVocabulary,
  TRANSCRIPT_LINE_MESSAGES,
} from '../transcripts';
import { parsePlayedOn } from './played-on';
import { lockSessionForEdit } from '../../kernel/entities/session-lock';
import { withoutSpeakerNames } from '../cast';
import { Session, SessionStatus, type StoredRecap } from '../../kernel/entities/session.entity';
import { recapOfLines, storedRecap } from './session-recap';
import { SummaryWriterKind, type SummaryWriter } from './summary-writer.type';

const renameTitle = nameSchema(CAMPAIGN_MESSAGES.nameInvalid);

export const SESSION_MESSAGES = {
  gmOnlyRequired: 'gmOnly must be true or false',
} as const;

/** The texts of a session as one viewer may read them. */
export interface SessionContent {
  briefSummary: string;
  moderateSummary: string;
  detailedSummary: string;
  fullTranscript: string;
  recap: StoredRecap | null;
}

/** The generated texts of a session, each of which a recipient reads empty while they are GM-only. */
export type SessionSummaryField = 'summaryVeryShort' | 'briefSummary' | 'moderateSummary' | 'detailedSummary';

/** The dashboard's list stays a glance, and its cost bounded. */
export const LATEST_SESSIONS_MAX = 20;

/** Played sessions: read by owner and recipients; renamed, moved, edited and deleted by the owner. */
export class SessionService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly storage: AudioStorage,
    private readonly passwords: PasswordConfirmation,
    private readonly workflows: WorkflowClient,
    private readonly transcripts: TranscriptService,
    private readonly campaignSummaries: CampaignSummaryService,
  ) {}

  /** A session the viewer may read, with their role in its campaign. */
  read(viewer: Viewer, id: unknown): Promise<{ session: Session; role: CampaignRole }> {
    return this.policy.readSession(viewer, id);
  }

  /** The session's campaign name and its one-line summary (the Q&A header). */
  async campaignAndSummary(viewer: Viewer, id: unknown): Promise<{ campaignName: string; summaryVeryShort: string }> {
    const { session, role } = await this.policy.readSession(viewer, id);
    const campaign = await session.campaign.loadOrFail();
    return { campaignName: campaign.title, summaryVeryShort: this.summary(session, role, 'summaryVeryShort') };
  }

  /**
   * The campaign's summaries name its sessions by title, so they are rebuilt in the same
   * transaction, under the campaign's lock: concurrent renames take turns and the last title wins.
   */
  async rename(viewer: Viewer, id: unknown, title: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    const newTitle = parseField('title', renameTitle, title);
    await this.em.transactional(async (tx) => {
      const campaign = await lockSessionForEdit(tx, session);
      session.title = newTitle;
      touch(campaign);
      await tx.flush();
      await this.campaignSummaries.regenerateIn(tx, campaign.id);
    });
    return session;
  }

  /** The day the session was played, YYYY-MM-DD; the owner's to change. */
  async setPlayedOn(viewer: Viewer, id: unknown, playedOn: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    session.playedOn = parsePlayedOn(playedOn, 'playedOn');
    touch(await session.campaign.loadOrFail());
    await this.em.flush();
    return session;
  }

  /** The newest sessions of the campaigns the viewer owns or received, newest upload first. */
  async latest(viewer: Viewer, limit: unknown): Promise<Session[]> {
    const user = requireUser(viewer);
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > LATEST_SESSIONS_MAX) {
      throw badInput(`limit must be a whole number from 1 to ${LATEST_SESSIONS_MAX}`, 'limit');
    }
    const shared = (await this.policy.receivedShares(user)).map((share) => share.campaign.id);
    return this.em.find(
      Session,
      { campaign: { $or: [{ owner: user.id }, { id: { $in: shared } }] } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
  }

  /** Moves a session into another campaign of the same owner; both campaigns count as edited. */
  async move(viewer: Viewer, id: unknown, targetCampaignId: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    if (targetCampaignId == null || (typeof targetCampaignId === 'string' && targetCampaignId.trim() === '')) {
      throw badInput(CAMPAIGN_MESSAGES.campaignRequired, 'campaignId');
    }
    const target = await this.policy.ownCampaign(viewer, targetCampaignId);
    touch(await session.campaign.loadOrFail());
    session.campaign = ref(target);
    touch(target);
    await this.em.flush();
    return session;
  }

  /**
   * Needs the owner's password. Removes the row, what was derived from it (summaries and
   * transcript live on the row) and then the uploaded audio. A file storage fails to remove is
   * only logged: the session is gone for the user either way.
   */
  async delete(viewer: Viewer, id: unknown, password: unknown): Promise<void> {
    const session = await this.policy.ownSession(viewer, id);
    await this.passwords.confirm(requireUser(viewer), password);
    touch(await session.campaign.loadOrFail());
    this.em.remove(session);
    await this.em.flush();
    // Everything stored under the session: the upload or its tracks, the rendition, the players'
    // copies and the chunks of a run it was deleted in the middle of (a finished run deletes them).
    const keys = new Set([
      session.storageKey,
      ...(session.tracks ?? []).map((t) => t.key),
      renditionAudioKey(session.id),
    ]);
    try {
      for await (const stored of this.storage.list(sessionPrefix(session.id))) keys.add(stored.key);
    } catch (err) {
      // The storage sweep removes what a session that is gone left behind.
      console.error(`session ${session.id}: stored files not listed`, err);
    }
    for (const key of keys) {
      if (!key) continue;
      await this.storage.delete(key).catch((err: unknown) => {
        console.error(`session ${session.id}: audio ${key} was not removed`, err);
      });
    }
  }

  /**
   * The viewer's role in the session's campaign; the session reached the schema through the policy,
   * so anyone but its owner holding it is a recipient.
   */
  async roleIn(viewer: Viewer, session: Session | SessionListItem): Promise<CampaignRole> {
    // A listed session (a plain row) carries the campaign it was listed under.
    const campaign = session instanceof Session ? await session.campaign.loadOrFail() : session.campaign;
    return roleByOwner(viewer, campaign.owner.id);
  }

  /** One of the session's summaries as the viewer may read it: empty to a recipient when it is GM-only. */
  summary(session: Session | SessionListItem, role: CampaignRole, field: SessionSummaryField): string {
    if (session.summariesGmOnly && !mayReadGmOnly(role)) return '';
    return session[field] ?? '';
  }

  /** The session's recap as the viewer may read it: null to a recipient while the summaries are GM-only. */
  async recap(session: Session | SessionListItem, role: CampaignRole): Promise<StoredRecap | null> {
    if (session.summariesGmOnly && !mayReadGmOnly(role)) return null;
    const recap = await storedRecap(this.em, session);
    if (!recap || mayReadGmOnly(role)) return recap;
    return recapOfLines(recap, new Set((await this.transcripts.linesOf(session.id, role)).map((l) => l.id)));
  }

  /** Who wrote the session's generated summaries, to whoever may read them. */
  summaryWriter(session: Session | SessionListItem, role: CampaignRole): SummaryWriter | null {
    if (!session.summaryWriter || (session.summariesGmOnly && !mayReadGmOnly(role))) return null;
    return session.summaryWriter === 'model'
      ? { kind: SummaryWriterKind.LANGUAGE_MODEL, model: session.summaryModel }
      : { kind: SummaryWriterKind.OFFLINE, model: null };
  }

  /**
   * The session's whole transcript as the viewer may read it (lazy on the entity; the session was
   * read through the policy): `[hh:mm:ss] Name: line` where lines have speakers, named as the cast
   * is now; a recipient's leaves out GM-only lines.
   */
  async fullTranscript(session: Session | SessionListItem, role: CampaignRole): Promise<string> {
    const spoken = await this.transcripts.spokenTranscript(session.id, role);
    if (spoken !== null) return spoken;
    if (!(session instanceof Session)) {
      // A listed session (a plain row) never holds it.
      const [row] = await this.em.execute<Array<{ full_transcript: string }>>(
        'select full_transcript from sessions where id = ?',
        [session.id],
      );
      return row?.full_transcript ?? '';
    }
    // Not selected with the row (undefined until populated); set in memory once edited.
    if (session.fullTranscript === undefined) await this.em.populate(session, ['fullTranscript']);
    return session.fullTranscript;
  }

  /** The session's summaries and whole transcript as the viewer may read them (REST's session details, exports). */
  async content(session: Session, role: CampaignRole): Promise<SessionContent> {
    return {
      briefSummary: this.summary(session, role, 'briefSummary'),
      moderateSummary: this.summary(session, role, 'moderateSummary'),
      detailedSummary: this.summary(session, role, 'detailedSummary'),
      fullTranscript: await this.fullTranscript(session, role),
      recap: await this.recap(session, role),
    };
  }

  /** The session's timed transcript lines the viewer may read (read through the policy); batched per request. */
  transcriptLines(session: Session | SessionListItem, role: CampaignRole): Promise<TranscriptLine[]> {
    return this.transcripts.linesOf(session.id, role);
  }

  /**
   * Keeps the session's summaries from the campaign's players, or shares them again (owner only).
   * The campaign's summaries are written again at once: they leave GM-only sessions out.
   */
  async setSummariesGmOnly(viewer: Viewer, id: unknown, gmOnly: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    if (typeof gmOnly !== 'boolean') throw badInput(SESSION_MESSAGES.gmOnlyRequired, 'gmOnly');
    if (session.summariesGmOnly === gmOnly) return session;
    session.summariesGmOnly = gmOnly;
    touch(await session.campaign.loadOrFail());
    await this.em.flush();
    await this.campaignSummaries.regenerateFor(session.id);
    return session;
  }

  /**
   * Replaces one summary or the full transcript, exactly as sent; only finished sessions have
   * content to edit. A full transcript also rewrites the timed lines and teaches the campaign's
   * vocabulary the names the owner corrected, all in one transaction.
   */
  async updateContent(viewer: Viewer, id: unknown, field: unknown, text: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    if (!isSummaryName(field)) throw badInput(CAMPAIGN_MESSAGES.summaryTypeUnknown, 'field');
    let newText = parseField('text', contentSchema, text);
    if (session.status !== SessionStatus.READY)
      throw new DomainError('CONFLICT', TRANSCRIPT_LINE_MESSAGES.sessionNotReady);
    const campaign = await session.campaign.loadOrFail();
    if (field !== 'fullTranscript') {
      session[field satisfies SummaryName] = newText;
      if (!session.editedSummaries.includes(field)) session.editedSummaries = [...session.editedSummaries, field];
      touch(campaign);
      await this.em.flush();
      return session;
    }
    const linesChanged = await this.em.transactional(async (tx) => {
      // Two saves of one transcript must not interleave their line rewrites.
      await lockSessionForEdit(tx, session);
      newText = await withoutSpeakerNames(tx, session.id, newText);
      const edit = await applyEdit(tx, session.id, newText);
      if (edit.names.length) campaign.vocabulary = addToVocabulary(campaign.vocabulary, edit.names);
      session.fullTranscript = newText;
      touch(campaign);
      return edit.changed;
    });
    // The summaries, the campaign's and its index are written from the lines: they follow.
    if (linesChanged) await requestSummaryRefresh(this.workflows, session.id);
    return session;
  }
}
