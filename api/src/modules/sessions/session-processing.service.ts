import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import { z } from 'zod';
import type { Viewer } from '../../kernel/viewer';
import type { Campaign } from '../../kernel/entities/campaign.entity';
import { touch } from '../../kernel/entities/campaign.entity';
import { DomainError, badInput } from '../../kernel/errors';
import { Policy } from '../../policy/policy';
import { startSessionProcessing } from './session-workflow';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import type { SessionDelivery, SessionUpdate } from './session-events';
import { sessionTopicKey, type SessionTopic } from './session-listener';
import { admitEach, startWith, type Reauthenticate, type SessionUpdateSource } from '../../kernel/live-updates';

export const PROCESSING_MESSAGES = {
  watchOneOf: 'Give exactly one of sessionId and campaignId',
  onlyFailedRetry: 'Only a session whose processing failed can be retried',
  stillClosing: 'The failed run is still closing; please try again in a moment',
  vocabularyTooLong: 'The vocabulary must be at most 2000 characters',
} as const;

const vocabularySchema = z.string().max(2000, PROCESSING_MESSAGES.vocabularyTooLong);

/** Watching, retrying and tuning the processing of sessions; every decision goes through the policy. */
export class SessionProcessingService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly workflows: WorkflowClient,
    private readonly updates: SessionUpdateSource,
  ) {}

  /**
   * Live updates of a session, or of every session of a campaign, the viewer may read (owner or
   * recipient). Access is decided again before every update, as the caller is now (a revoked share,
   * a deleted session or campaign, a logout or a revoked token ends the subscription with the same
   * refusal a new subscription would get), on a fresh entity manager so nothing is read from a cache.
   */
  async subscribe(
    viewer: Viewer,
    ids: { sessionId?: string | null; campaignId?: string | null },
    reauthenticate: Reauthenticate,
  ): Promise<AsyncIterableIterator<SessionDelivery>> {
    const topic = await this.watch(this.policy, viewer, ids);
    let source = this.updates.subscribe<SessionUpdate>(sessionTopicKey(topic));
    if ('sessionId' in topic) {
      // The caller read the session before subscribing, and an update published in between (READY,
      // under load) would be lost: it would wait at 99 % for good. So the session as it stands
      // now, read after the subscription is listening, goes first.
      source = startWith(await this.current(topic.sessionId, source), source);
    }
    return admitEach(source, async () => {
      const em = this.em.fork();
      await this.watch(new Policy(em), await reauthenticate(em), topic);
    });
  }

  private async current(sessionId: string, source: AsyncIterableIterator<SessionUpdate>): Promise<SessionUpdate> {
    try {
      const session = await this.em.fork().findOneOrFail(Session, sessionId);
      const { status, stage, progress } = session;
      return { sessionId, campaignId: session.campaign.id, status, stage: stage ?? null, progress };
    } catch (err) {
      await source.return?.();
      throw err;
    }
  }

  private async watch(
    policy: Policy,
    viewer: Viewer,
    ids: { sessionId?: string | null; campaignId?: string | null },
  ): Promise<SessionTopic> {
    const { sessionId, campaignId } = ids;
    if ((sessionId == null) === (campaignId == null)) throw badInput(PROCESSING_MESSAGES.watchOneOf);
    if (sessionId != null) return { sessionId: (await policy.readSession(viewer, sessionId)).session.id };
    return { campaignId: (await policy.readCampaign(viewer, campaignId)).campaign.id };
  }

  /**
   * Starts a new run for a FAILED session of the viewer's. The run reuses every chunk the failed
   * one finished (they are stored), so only the missing work is done again.
   */
  async retry(viewer: Viewer, id: unknown): Promise<Session> {
    const session = await this.policy.ownSession(viewer, id);
    // Conditional, so two clicks start one run.
    const claimed = await this.em.nativeUpdate(
      Session,
      { id: session.id, status: SessionStatus.FAILED },
      { status: SessionStatus.PROCESSING, stage: null, progress: 0, failureReason: null },
    );
    if (!claimed) throw new DomainError('CONFLICT', PROCESSING_MESSAGES.onlyFailedRetry);
    try {
      await startSessionProcessing(this.workflows, session.id);
    } catch (err) {
      await this.em.nativeUpdate(Session, { id: session.id }, { status: SessionStatus.FAILED });
      if ((err as Error).name === 'WorkflowExecutionAlreadyStartedError') {
        throw new DomainError('CONFLICT', PROCESSING_MESSAGES.stillClosing);
      }
      throw err;
    }
    await this.em.refresh(session);
    return session;
  }

  /** Sets the names (characters, places, NPCs) given to speech-to-text engines that accept a prompt. */
  async setVocabulary(viewer: Viewer, campaignId: unknown, vocabulary: unknown): Promise<Campaign> {
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const parsed = vocabularySchema.safeParse(vocabulary);
    if (!parsed.success) throw badInput(parsed.error.issues[0].message, 'vocabulary');
    campaign.vocabulary = parsed.data.trim();
    touch(campaign);
    await this.em.flush();
    return campaign;
  }
}
