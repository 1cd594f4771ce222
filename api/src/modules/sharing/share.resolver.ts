import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { SharedCampaign } from '../campaigns';
import { CampaignShare } from '../../kernel/entities/campaign-share.entity';

/** A received share as "Shared with me" lists it. */
const sharedCampaign = (s: CampaignShare): SharedCampaign => ({
  id: s.id,
  sharedAt: s.createdAt,
  seen: s.seenAt != null,
  campaign: s.campaign.getEntity(),
});

@Resolver()
export class ShareResolver {
  @Query(() => [SharedCampaign], { description: 'Campaigns shared with the caller ("Shared with me")' })
  async sharedCampaigns(@Ctx() ctx: GqlContext): Promise<SharedCampaign[]> {
    const shares = await ctx.services.shares.listReceived(ctx.viewer);
    return shares.map(sharedCampaign);
  }

  @Mutation(() => CampaignShare, { description: 'Shares read-only by e-mail; a repeat returns the existing share' })
  shareCampaign(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('email', () => String) email: string,
    @Ctx() ctx: GqlContext,
  ): Promise<CampaignShare> {
    return ctx.services.shares.share(ctx.viewer, campaignId, email);
  }

  @Mutation(() => Boolean, { description: "Removes a share from the caller's own 'Shared with me' list" })
  async removeSharedCampaign(@Arg('shareId', () => ID) shareId: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.shares.remove(ctx.viewer, shareId);
    return true;
  }

  @Mutation(() => SharedCampaign, { description: 'The recipient opened a shared campaign: it is no longer new' })
  async markSharedCampaignSeen(
    @Arg('shareId', () => ID) shareId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<SharedCampaign> {
    return sharedCampaign(await ctx.services.shares.markSeen(ctx.viewer, shareId));
  }

  @Mutation(() => Boolean, { description: "Owner only: takes a share back; the recipient's access ends at once" })
  async revokeShare(@Arg('shareId', () => ID) shareId: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.shares.revoke(ctx.viewer, shareId);
    return true;
  }
}
