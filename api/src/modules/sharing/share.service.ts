import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { planIncludesQa } from '@questlog/constants';
import type { Config } from '../../config/config';
import type { Mailer, OutgoingMail } from '../../adapters/mail/mailer';
import { emailSchema } from '../accounts';
import type { Viewer } from '../../kernel/viewer';
import { User } from '../../kernel/entities/user.entity';
import { badInput } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { requireUser, type Policy } from '../../policy/policy';
import type { Campaign } from '../../kernel/entities/campaign.entity';
import { CAMPAIGN_MESSAGES } from '../campaigns';
import { CampaignShare } from '../../kernel/entities/campaign-share.entity';
import { announceCast } from '../cast';
import { announceCampaignSessions } from '../sessions';
import { shareNotice } from './share-notice';
import { ShareThrottle } from './share-throttle';

const shareSchema = z.object({ email: emailSchema });

/**
 * Read-only sharing by e-mail: the owner shares (the recipient gets a notice), lists and revokes;
 * a recipient lists, opens and drops what was shared with them.
 */
export class ShareService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly throttle = new ShareThrottle(em, config),
  ) {}

  /**
   * Shares a campaign the viewer owns. The address need not have an account yet; sharing again
   * with the same address returns the existing share. A new share e-mails its recipient once it is
   * committed; an owner makes at most SHARE_MAX_PER_OWNER_PER_HOUR new shares an hour.
   */
  async share(viewer: Viewer, campaignId: unknown, email: unknown): Promise<CampaignShare> {
    const user = requireUser(viewer);
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const recipientEmail = parseInput(shareSchema, { email }).email;
    if (recipientEmail === user.email) throw badInput(CAMPAIGN_MESSAGES.shareWithSelf, 'email');
    const existing = await this.em.findOne(CampaignShare, { campaign: campaign.id, recipientEmail });
    if (existing) return existing;
    await this.throttle.take(user.id);
    const recipient = await this.em.findOne(User, { email: recipientEmail });
    const share = this.em.create(CampaignShare, { campaign, recipientEmail, recipient, createdBy: user });
    try {
      await this.em.flush();
    } catch (err) {
      // The same share sent twice at once: the unique (campaign, e-mail) index keeps one; return it.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      await this.throttle.giveBack(user.id);
      this.em.clear();
      return this.em.findOneOrFail(CampaignShare, { campaign: campaign.id, recipientEmail });
    }
    const canAsk = recipient ? planIncludesQa(recipient.planId) : false;
    this.notify(
      shareNotice(this.config, { owner: user, campaign, recipientEmail, hasAccount: !!recipient, canAsk }),
      share,
    );
    return share;
  }

  /**
   * Delivery is not part of sharing: the share stands whether or not the mail server answers, and
   * the owner does not wait for it. A failure is only logged (the address stays out of the log).
   */
  private notify(mail: OutgoingMail, share: CampaignShare): void {
    this.mailer.send(mail).catch((err: unknown) => {
      console.error(`share ${share.id}: the notice was not sent (${(err as Error).message})`);
    });
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

  /**
   * Marks a received share opened (the first time only): it stops counting as new on the
   * recipient's "Shared with me". Only the recipient's own share; anyone else's is "not found".
   */
  async markSeen(viewer: Viewer, shareId: unknown): Promise<CampaignShare> {
    const share = await this.policy.ownReceivedShare(viewer, shareId);
    if (!share.seenAt) {
      share.seenAt = new Date();
      await this.em.flush();
    }
    await this.em.populate(share, ['campaign']);
    return share;
  }

  /**
   * Takes a share back (owner only): the recipient's very next read or audio request is refused,
   * and their open subscriptions on the campaign are checked again now, so they end at once.
   */
  async revoke(viewer: Viewer, shareId: unknown): Promise<void> {
    const share = await this.policy.ownShare(viewer, shareId);
    const campaignId = share.campaign.id;
    this.em.remove(share);
    await this.em.flush();
    await announceCampaignSessions(this.em, campaignId);
    await announceCast(this.em, campaignId);
  }

  /** Who a campaign the viewer can read is shared with (see sharesOf). */
  async listGiven(viewer: Viewer, campaignId: unknown): Promise<CampaignShare[]> {
    const { campaign } = await this.policy.readCampaign(viewer, campaignId);
    return this.sharesOf(viewer, campaign);
  }

  /**
   * Who a campaign is shared with, oldest first: the owner's to know. A recipient reads an empty
   * list, as they read no GM-only line: who else has access is not theirs to see.
   */
  async sharesOf(viewer: Viewer, campaign: Campaign): Promise<CampaignShare[]> {
    if (campaign.owner.id !== requireUser(viewer).id) return [];
    const shares = await campaign.shares.load({ orderBy: { createdAt: 'asc', id: 'asc' } });
    return shares.getItems();
  }
}
