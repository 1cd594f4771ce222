import { ref, type RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import type { Campaign } from '../../kernel/entities/campaign.entity';
import { touch } from '../../kernel/entities/campaign.entity';
import { startSessionProcessing } from '../sessions';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';

type FileFields = Omit<RequiredEntityData<Session>, 'campaign' | 'status' | 'stage' | 'progress'>;

/**
 * A session made from a file (an upload, an imported transcript): PROCESSING at stage 'queued' in
 * the campaign, which it touches, with its workflow started. The row exists only with its workflow
 * and what `first` writes for it (an import's lines): if either fails, the row goes again.
 */
export async function createQueuedSession(
  em: EntityManager,
  workflows: WorkflowClient,
  campaign: Campaign,
  fields: FileFields,
  first?: (session: Session) => Promise<void>,
): Promise<Session> {
  const session = em.create(Session, {
    ...fields,
    campaign: ref(campaign),
    status: SessionStatus.PROCESSING,
    stage: 'queued',
    progress: 0,
  });
  touch(campaign);
  await em.flush();
  try {
    await first?.(session);
    await startSessionProcessing(workflows, session.id);
  } catch (err) {
    await em.remove(session).flush();
    throw err;
  }
  return session;
}
