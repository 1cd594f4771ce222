import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer';
import { DomainError } from '../../kernel/errors';
import type { PasswordConfirmation } from '../accounts';
import { requireUser, type CampaignRole, type Policy } from '../../policy/policy';
import { Session } from '../../kernel/entities/session.entity';
import { Campaign, touch } from '../../kernel/entities/campaign.entity';
import { CAMPAIGN_MESSAGES, nameSchema, parseField } from './campaign.schemas';
import { SessionLists, type LongSessionField, type SessionListItem } from './session-list';
import type { CampaignListItem, CampaignView } from './campaign-list';
import { plainColumns } from './plain-rows';

const createTitle = nameSchema(CAMPAIGN_MESSAGES.campaignNameRequired);
const renameTitle = nameSchema(CAMPAIGN_MESSAGES.nameInvalid);

/** The signed-in user's campaigns: create, list, read, rename, delete. */
export class CampaignService {
  private readonly sessionLists: SessionLists;

  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly passwords: PasswordConfirmation,
  ) {
    this.sessionLists = new SessionLists(em);
  }

  /**
   * Own campaigns, oldest first (the web sorts them for the sidebar), as plain rows: every list
   * request starts here, and entities cost more than the rest of the read (campaign-list.ts).
   */
  async listOwn(viewer: Viewer): Promise<CampaignListItem[]> {
    const user = requireUser(viewer);
    const columns = plainColumns(this.em, Campaign);
    const rows = await this.em.execute<Array<Record<string, unknown> & { ownerId: string }>>(
      `select ${columns.select()} from "campaigns" where "owner_id" = ? order by "created_at", "id"`,
      [user.id],
    );
    return rows.map(
      ({ ownerId, ...row }) =>
        columns.convert({ ...row, owner: { id: ownerId } }, this.em) as unknown as CampaignListItem,
    );
  }

  /**
   * The managed entity of a campaign a resolver received, for what needs one (its collections):
   * a listed row becomes the entity without a query, as its columns are all there.
   */
  entityOf(campaign: CampaignView): Campaign {
    if (campaign instanceof Campaign) return campaign;
    const { owner, ...columns } = campaign;
    return this.em.merge(Campaign, { ...columns, owner: owner.id });
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

  /**
   * The campaign's sessions, oldest first, as plain rows (session-list.ts); `omit` leaves long
   * columns unread when a list does not show them (KBs a row). One query for all the campaigns of
   * a request.
   */
  sessionsOf(campaign: CampaignView, omit: readonly LongSessionField[] = []): Promise<SessionListItem[]> {
    return this.sessionLists.of(campaign, omit);
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
