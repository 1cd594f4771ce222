import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { emailSchema } from '../accounts/account.schemas';
import type { Viewer } from '../accounts/auth.service';
import { User } from '../accounts/user.entity';
import { badInput } from '../common/errors';
import { parseInput } from '../common/validation';
import { requireUser, type Policy } from '../../policy/policy';
import type { Campaign } from '../campaigns/campaign.entity';
import { CAMPAIGN_MESSAGES } from '../campaigns/campaign.schemas';
import { CampaignShare } from './campaign-share.entity';

const shareSchema = z.object({ email: emailSchema });

/** Read-only sharing by e-mail: the owner shares, a recipient lists and drops what was shared with them. */
export class ShareService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
  ) {}

  /**
   * Shares a campaign the viewer owns. The address need not have an account yet; sharing again
   * with the same address returns the existing share.
   */
  async share(viewer: Viewer, campaignId: unknown, email: unknown): Promise<CampaignShare> {
    const user = requireUser(viewer);
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const recipientEmail = parseInput(shareSchema, { email }).email;
    if (recipientEmail === user.email) throw badInput(CAMPAIGN_MESSAGES.shareWithSelf, 'email');
    const existing = await this.em.findOne(CampaignShare, { campaign: campaign.id, recipientEmail });
    if (existing) return existing;
    const recipient = await this.em.findOne(User, { email: recipientEmail });
    const share = this.em.create(CampaignShare, { campaign, recipientEmail, recipient, createdBy: user });
    try {
      await this.em.flush();
    } catch (err) {
      // The same share sent twice at once: the unique (campaign, e-mail) index keeps one; return it.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      this.em.clear();
      return this.em.findOneOrFail(CampaignShare, { campaign: campaign.id, recipientEmail });
    }
    return share;
  }

  /** Shares the viewer received, with their campaigns loaded (one query for all). */
  async listReceived(viewer: Viewer): Promise<CampaignShare[]> {
    const shares = await this.policy.receivedShares(requireUser(viewer));
    await this.em.populate(shares, ['campaign']);
    return shares;
  }

  /** Drops a share from the recipient's own list; the owner's campaign is untouched. */
  async remove(viewer: Viewer, shareId: unknown): Promise<void> {
    const share = await this.policy.ownReceivedShare(viewer, shareId);
    this.em.remove(share);
    await this.em.flush();
  }

  /** Who a campaign is shared with: for its owner only, null for anyone else who can see it. */
  async sharesOf(viewer: Viewer, campaign: Campaign): Promise<CampaignShare[] | null> {
    if (campaign.owner.id !== requireUser(viewer).id) return null;
    const shares = await campaign.shares.load({ orderBy: { createdAt: 'asc', id: 'asc' } });
    return shares.getItems();
  }
}
