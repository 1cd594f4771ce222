import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from './campaign.entity';
import type { Session } from './session.entity';

/**
 * For a transaction that changes a session and its campaign: locks (and re-reads) the campaign,
 * then the session. That is the order MikroORM's flush writes them in (parents first), so an edit
 * and a concurrent flush of both (a rename touching the campaign) wait for each other instead of
 * deadlocking, which the OpenAPI fuzz run hit with the session locked first.
 */
export async function lockSessionForEdit(tx: EntityManager, session: Session): Promise<Campaign> {
  const campaign = await session.campaign.loadOrFail();
  await tx.refresh(campaign, { lockMode: LockMode.PESSIMISTIC_WRITE });
  await tx.lock(session, LockMode.PESSIMISTIC_WRITE);
  return campaign;
}
