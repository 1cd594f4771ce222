import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../accounts/auth.service';
import { DomainError } from '../common/errors';
import type { PasswordConfirmation } from '../accounts/password-confirmation';
import { requireUser, type CampaignRole, type Policy } from '../../policy/policy';
import { Session } from '../sessions/session.entity';
import { Campaign } from './campaign.entity';
import { CAMPAIGN_MESSAGES, nameSchema, parseField } from './campaign.schemas';

/** Session columns a list may leave unread: most of a row, and rarely shown in lists. */
export const LONG_SESSION_FIELDS = ['moderateSummary', 'detailedSummary'] as const;
export type LongSessionField = (typeof LONG_SESSION_FIELDS)[number];

const createTitle = nameSchema(CAMPAIGN_MESSAGES.campaignNameRequired);
const renameTitle = nameSchema(CAMPAIGN_MESSAGES.nameInvalid);

/** Marks a campaign as changed now (the archive sorts by it); the caller flushes. */
export function touch(campaign: Campaign): void {
  campaign.lastEditedAt = new Date();
}

/** The signed-in user's campaigns: create, list, read, rename, delete. */
export class CampaignService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly passwords: PasswordConfirmation,
  ) {}

  /** Own campaigns, oldest first (the web sorts them for the sidebar). */
  async listOwn(viewer: Viewer): Promise<Campaign[]> {
    const user = requireUser(viewer);
    return this.em.find(Campaign, { owner: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async create(viewer: Viewer, title: unknown): Promise<Campaign> {
    const user = requireUser(viewer);
    const campaign = this.em.create(Campaign, { owner: user, title: parseField('title', createTitle, title) });
    await this.em.flush();
    return campaign;
  }

  /** A campaign the viewer may read (owner or recipient), with their role. */
  read(viewer: Viewer, id: unknown): Promise<{ campaign: Campaign; role: CampaignRole }> {
    return this.policy.readCampaign(viewer, id);
  }

  /** The campaign's sessions, oldest first; batched across campaigns by MikroORM's dataloader. */
  /**
   * The campaign's sessions, oldest first. `omit` leaves long columns unread when a list does not
   * show them (KBs a row). The entities are then partly loaded; MikroORM loads them whole again on
   * the next findOne (the policy's), so nothing later in the request sees a missing summary.
   * Batched across campaigns by MikroORM's dataloader either way.
   */
  async sessionsOf(campaign: Campaign, omit: readonly LongSessionField[] = []): Promise<Session[]> {
    const sessions = await campaign.sessions.load({
      orderBy: { createdAt: 'asc', id: 'asc' },
      ...(omit.length ? { exclude: omit } : {}),
    });
    return sessions.getItems();
  }

  async rename(viewer: Viewer, id: unknown, title: unknown): Promise<Campaign> {
    const campaign = await this.policy.ownCampaign(viewer, id);
    campaign.title = parseField('title', renameTitle, title);
    touch(campaign);
    await this.em.flush();
    return campaign;
  }

  /** Needs the owner's password and an empty campaign; its summaries and shares go with it. */
  async delete(viewer: Viewer, id: unknown, password: unknown): Promise<void> {
    const campaign = await this.policy.ownCampaign(viewer, id);
    await this.passwords.confirm(requireUser(viewer), password);
    if (await this.em.count(Session, { campaign: campaign.id })) throw hasSessions();
    try {
      // Native delete: the database cascades summaries and shares, and refuses if a session arrived meanwhile.
      await this.em.nativeDelete(Campaign, { id: campaign.id });
    } catch (err) {
      if (err instanceof ForeignKeyConstraintViolationException) throw hasSessions();
      throw err;
    }
    this.em.getUnitOfWork().unsetIdentity(campaign);
  }
}

const hasSessions = () => new DomainError('CONFLICT', CAMPAIGN_MESSAGES.campaignHasSessions);
