/*
 * The one place that decides who may do what (docs/product.md#roles): sign-in, API tokens, campaigns,
 * sessions and shares. For campaigns and sessions:
 * the owner may do everything, including listing who has access and revoking it; a share
 * recipient may read and may drop the share from their own list; everyone else — and every id
 * that does not exist or is not even a uuid — gets the same "not found", so probing ids teaches
 * nothing. Signed-out callers are UNAUTHENTICATED first.
 */

import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../kernel/entities/user.entity';
import type { Viewer } from '../kernel/viewer';
import { Campaign } from '../kernel/entities/campaign.entity';
import { Session } from '../kernel/entities/session.entity';
import { CampaignShare } from '../kernel/entities/campaign-share.entity';
import { TranscriptSegment } from '../kernel/entities/transcript-segment.entity';
import { CampaignSpeaker } from '../kernel/entities/speaker.entity';
import { DomainError, notFound, unauthenticated } from '../kernel/errors';
import { isUuid } from '../kernel/ids';

/** Texts of the refusals; every not-found of one kind is byte-identical whatever the reason. */
export const ACCESS_MESSAGES = {
  campaignNotFound: 'Campaign not found',
  sessionNotFound: 'Session not found',
  shareNotFound: 'Shared campaign not found',
  ownShareNotFound: 'Share not found',
  lineNotFound: 'Transcript line not found',
  speakerNotFound: 'Speaker not found',
  indexEntryNotFound: 'Index entry not found',
  readOnly: 'This campaign is shared with you read-only',
  readOnlyToken: 'This API token may only read',
} as const;

export type CampaignRole = 'OWNER' | 'RECIPIENT';

/** The signed-in user, or UNAUTHENTICATED: the first question of every non-public operation. */
export function requireUser(viewer: Viewer): User {
  if (!viewer.user) throw unauthenticated('Please sign in to continue');
  return viewer.user;
}

/**
 * Writes need a cookie or a full-scope token; a read-scope token (an assistant's, issue 29) reads
 * whatever its user may read and changes nothing.
 */
export function mayWrite(viewer: Viewer): boolean {
  return viewer.scope !== 'read';
}

/** Only the user a personal API token belongs to may see or revoke it. */
export function ownsApiToken(user: User, token: { user: { id: string } }): boolean {
  return token.user.id === user.id;
}

/** What access to an index entry depends on. */
export interface IndexEntryAccess {
  id: string;
  campaignId: string;
  key: string;
  hidden: boolean;
  gmOnly: boolean;
}

/** Recipients read the index without what the owner hid or keeps GM-only; the owner reads it all. */
export function mayReadIndexEntry(role: CampaignRole, entry: { hidden: boolean; gmOnly: boolean }): boolean {
  return role === 'OWNER' || (!entry.hidden && !entry.gmOnly);
}

/**
 * GM-only transcript lines and summaries are the owner's: a recipient never reads them through any
 * path (GraphQL, REST, exports, Q&A, the index), and what everyone reads is written without them.
 */
export function mayReadGmOnly(role: CampaignRole): boolean {
  return role === 'OWNER';
}

/**
 * The viewer's role in a campaign they already reached through this policy (a session or campaign
 * in the schema), told by its owner: anyone else holding it is a recipient.
 */
export function roleByOwner(viewer: Viewer, ownerId: string): CampaignRole {
  return ownerId === requireUser(viewer).id ? 'OWNER' : 'RECIPIENT';
}

/** Access decisions for one request's entity manager. */
export class Policy {
  constructor(private readonly em: EntityManager) {}

  /** A campaign the viewer may read, with the role they hold in it. */
  async readCampaign(viewer: Viewer, id: unknown): Promise<{ campaign: Campaign; role: CampaignRole }> {
    const user = requireUser(viewer);
    const campaign = isUuid(id) ? await this.em.findOne(Campaign, { id }) : null;
    if (!campaign) throw notFound(ACCESS_MESSAGES.campaignNotFound);
    if (campaign.owner.id === user.id) return { campaign, role: 'OWNER' };
    if (await this.recipientShare(user, campaign.id)) return { campaign, role: 'RECIPIENT' };
    throw notFound(ACCESS_MESSAGES.campaignNotFound);
  }

  /** A campaign the viewer owns; recipients learn they are read-only, everyone else "not found". */
  async ownCampaign(viewer: Viewer, id: unknown): Promise<Campaign> {
    const { campaign, role } = await this.readCampaign(viewer, id);
    if (role !== 'OWNER') throw new DomainError('FORBIDDEN', ACCESS_MESSAGES.readOnly);
    return campaign;
  }

  /** A session the viewer may read (its campaign is readable), with the viewer's role. */
  async readSession(viewer: Viewer, id: unknown): Promise<{ session: Session; role: CampaignRole }> {
    const user = requireUser(viewer);
    const session = isUuid(id) ? await this.em.findOne(Session, { id }, { populate: ['campaign'] }) : null;
    if (!session) throw notFound(ACCESS_MESSAGES.sessionNotFound);
    const campaign = session.campaign.getEntity();
    if (campaign.owner.id === user.id) return { session, role: 'OWNER' };
    if (await this.recipientShare(user, campaign.id)) return { session, role: 'RECIPIENT' };
    throw notFound(ACCESS_MESSAGES.sessionNotFound);
  }

  /** A session in a campaign the viewer owns. */
  async ownSession(viewer: Viewer, id: unknown): Promise<Session> {
    const { session, role } = await this.readSession(viewer, id);
    if (role !== 'OWNER') throw new DomainError('FORBIDDEN', ACCESS_MESSAGES.readOnly);
    return session;
  }

  /**
   * A transcript line of a session the viewer owns, with the session. Recipients learn they are
   * read-only; a line of anyone else's session is "not found" exactly like a line that never existed.
   */
  async ownTranscriptLine(viewer: Viewer, id: unknown): Promise<{ line: TranscriptSegment; session: Session }> {
    requireUser(viewer);
    const line = isUuid(id) ? await this.em.findOne(TranscriptSegment, { id }) : null;
    if (!line) throw notFound(ACCESS_MESSAGES.lineNotFound);
    const { session, role } = await this.readSession(viewer, line.session.id).catch((err: unknown) => {
      throw err instanceof DomainError && err.code === 'NOT_FOUND' ? notFound(ACCESS_MESSAGES.lineNotFound) : err;
    });
    if (role !== 'OWNER') throw new DomainError('FORBIDDEN', ACCESS_MESSAGES.readOnly);
    return { line, session };
  }

  /** A speaker of a campaign's cast the viewer owns; like lines, anyone else's is "not found". */
  async ownSpeaker(viewer: Viewer, id: unknown): Promise<CampaignSpeaker> {
    requireUser(viewer);
    const speaker = isUuid(id) ? await this.em.findOne(CampaignSpeaker, { id }) : null;
    if (!speaker) throw notFound(ACCESS_MESSAGES.speakerNotFound);
    await this.ownCampaign(viewer, speaker.campaign.id).catch((err: unknown) => {
      throw err instanceof DomainError && err.code === 'NOT_FOUND' ? notFound(ACCESS_MESSAGES.speakerNotFound) : err;
    });
    return speaker;
  }

  /**
   * An entry of a campaign index the viewer may read. Recipients never see one the owner hid or
   * keeps GM-only: to them it is "not found", exactly like an id that never existed.
   */
  async readIndexEntry(viewer: Viewer, id: unknown): Promise<{ entry: IndexEntryAccess; role: CampaignRole }> {
    requireUser(viewer);
    const [entry] = isUuid(id)
      ? await this.em.execute<IndexEntryAccess[]>(
          `select e.id, e.campaign_id as "campaignId", e.key,
                  coalesce(x.hidden, false) as hidden, coalesce(x.gm_only, false) as "gmOnly"
           from campaign_index_entries e
           left join campaign_index_edits x on x.campaign_id = e.campaign_id and x.key = e.key
           where e.id = ?`,
          [id],
        )
      : [];
    if (!entry) throw notFound(ACCESS_MESSAGES.indexEntryNotFound);
    const { role } = await this.readCampaign(viewer, entry.campaignId).catch((err: unknown) => {
      throw err instanceof DomainError && err.code === 'NOT_FOUND' ? notFound(ACCESS_MESSAGES.indexEntryNotFound) : err;
    });
    if (!mayReadIndexEntry(role, entry)) throw notFound(ACCESS_MESSAGES.indexEntryNotFound);
    return { entry, role };
  }

  /** An index entry of a campaign the viewer owns. */
  async ownIndexEntry(viewer: Viewer, id: unknown): Promise<IndexEntryAccess> {
    const { entry, role } = await this.readIndexEntry(viewer, id);
    if (role !== 'OWNER') throw new DomainError('FORBIDDEN', ACCESS_MESSAGES.readOnly);
    return entry;
  }

  /** The viewer's own share (as recipient); the owner's view of it is not theirs to remove here. */
  async ownReceivedShare(viewer: Viewer, shareId: unknown): Promise<CampaignShare> {
    const user = requireUser(viewer);
    const share = isUuid(shareId) ? await this.em.findOne(CampaignShare, { id: shareId }) : null;
    if (!share || !(await this.claims(user, share))) throw notFound(ACCESS_MESSAGES.shareNotFound);
    return share;
  }

  /**
   * A share of a campaign the viewer owns, to list or revoke. Its recipient, a stranger, and an id
   * that does not exist all get the same "not found": only the owner manages who has access.
   */
  async ownShare(viewer: Viewer, shareId: unknown): Promise<CampaignShare> {
    const user = requireUser(viewer);
    const share = isUuid(shareId)
      ? await this.em.findOne(CampaignShare, { id: shareId }, { populate: ['campaign'] })
      : null;
    if (!share || share.campaign.getEntity().owner.id !== user.id) throw notFound(ACCESS_MESSAGES.ownShareNotFound);
    return share;
  }

  /**
   * Every share the user holds: linked to their account, or still unclaimed for their current
   * e-mail (claimed on the way, so it stays theirs if they change address later).
   */
  async receivedShares(user: User): Promise<CampaignShare[]> {
    await this.claimUnlinked(user);
    return this.em.find(CampaignShare, { recipient: user.id }, { orderBy: { createdAt: 'asc' } });
  }

  private async recipientShare(user: User, campaignId: string): Promise<CampaignShare | null> {
    const share = await this.em.findOne(CampaignShare, {
      campaign: campaignId,
      $or: [{ recipient: user.id }, { recipient: null, recipientEmail: user.email }],
    });
    return share && (await this.claims(user, share)) ? share : null;
  }

  private async claims(user: User, share: CampaignShare): Promise<boolean> {
    if (share.recipient) return share.recipient.id === user.id;
    if (share.recipientEmail !== user.email) return false;
    share.recipient = ref(user);
    await this.em.flush();
    return true;
  }

  private async claimUnlinked(user: User): Promise<void> {
    const unclaimed = await this.em.find(CampaignShare, { recipient: null, recipientEmail: user.email });
    for (const share of unclaimed) share.recipient = ref(user);
    if (unclaimed.length) await this.em.flush();
  }
}
