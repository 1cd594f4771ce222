import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { selectsField } from '../../graphql/selection';
import { roleByOwner } from '../../policy/policy';
import { Session } from '../../kernel/entities/session.entity';
import { CampaignShare } from '../../kernel/entities/campaign-share.entity';
import { Campaign } from '../../kernel/entities/campaign.entity';
import { LONG_SESSION_FIELDS, type SessionListItem } from './session-list';
import type { CampaignListItem, CampaignView } from './campaign-list';
import { CampaignSummary, CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';
import { CampaignRoleEnum } from './campaign.type';

@Resolver(() => Campaign)
export class CampaignResolver {
  @Query(() => [Campaign], { description: "The caller's own campaigns, oldest first" })
  campaigns(@Ctx() ctx: GqlContext): Promise<CampaignListItem[]> {
    return ctx.services.campaigns.listOwn(ctx.viewer);
  }

  @Query(() => Campaign, { description: 'A campaign the caller owns or received; NOT_FOUND otherwise' })
  async campaign(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<Campaign> {
    return (await ctx.services.campaigns.read(ctx.viewer, id)).campaign;
  }

  @Mutation(() => Campaign)
  createCampaign(@Arg('title', () => String) title: string, @Ctx() ctx: GqlContext): Promise<Campaign> {
    return ctx.services.campaigns.create(ctx.viewer, title);
  }

  @Mutation(() => Campaign)
  renameCampaign(
    @Arg('id', () => ID) id: string,
    @Arg('title', () => String) title: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Campaign> {
    return ctx.services.campaigns.rename(ctx.viewer, id, title);
  }

  @Mutation(() => Boolean, { description: "Needs the owner's password; refused while the campaign has sessions" })
  async deleteCampaign(
    @Arg('id', () => ID) id: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.campaigns.delete(ctx.viewer, id, password);
    return true;
  }

  @Mutation(() => CampaignSummary, { description: 'Writes one campaign summary exactly as sent (may hold HTML)' })
  updateCampaignSummary(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('type', () => CampaignSummaryType) type: CampaignSummaryType,
    @Arg('text', () => String) text: string,
    @Ctx() ctx: GqlContext,
  ): Promise<CampaignSummary> {
    return ctx.services.campaignSummaries.updateByType(ctx.viewer, campaignId, type, text);
  }

  @FieldResolver(() => CampaignRoleEnum)
  role(@Root() campaign: CampaignView, @Ctx() ctx: GqlContext): CampaignRoleEnum {
    // Campaigns reach the schema only through the policy, so a non-owner here is a recipient.
    return CampaignRoleEnum[roleByOwner(ctx.viewer, campaign.owner.id)];
  }

  @FieldResolver(() => [Session], { description: 'Oldest first' })
  sessions(
    @Root() campaign: CampaignView,
    @Ctx() ctx: GqlContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SessionListItem[]> {
    // The long summaries are read only when this selection asks for them.
    const omit = LONG_SESSION_FIELDS.filter((field) => !selectsField(info, field));
    return ctx.services.campaigns.sessionsOf(campaign, omit);
  }

  @FieldResolver(() => [CampaignSummary], { description: 'The summaries written so far, in brief → full order' })
  summaries(@Root() campaign: CampaignView, @Ctx() ctx: GqlContext): Promise<CampaignSummary[]> {
    return ctx.services.campaignSummaries.summariesOf(ctx.services.campaigns.entityOf(campaign));
  }

  @FieldResolver(() => [CampaignShare], {
    description: 'Who it is shared with, oldest first: the owner sees every recipient, a recipient an empty list',
  })
  shares(@Root() campaign: CampaignView, @Ctx() ctx: GqlContext): Promise<CampaignShare[]> {
    return ctx.services.shares.sharesOf(ctx.viewer, ctx.services.campaigns.entityOf(campaign));
  }
}
