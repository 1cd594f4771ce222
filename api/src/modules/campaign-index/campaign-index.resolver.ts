import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Campaign } from '../../kernel/entities/campaign.entity';
import { CampaignRecap, IndexEntry, IndexEntryInput, IndexMention, OpenThread } from './campaign-index.type';

@Resolver(() => Campaign)
export class CampaignIndexFieldResolver {
  @FieldResolver(() => [IndexEntry], {
    description:
      "The campaign's index: every person, place and thing its transcripts name, in order of first mention. " +
      'Recipients never see entries the owner hid or keeps GM-only',
  })
  index(
    @Root() campaign: Campaign,
    @Arg('includeHidden', () => Boolean, { defaultValue: false, description: 'Owner only: hidden entries too' })
    includeHidden: boolean,
    @Ctx() ctx: GqlContext,
  ): Promise<IndexEntry[]> {
    return ctx.services.campaignIndex.entries(ctx.viewer, campaign.id, { includeHidden });
  }

  @FieldResolver(() => [OpenThread], {
    description: 'Quests taken and promises made that no later line settles, oldest first (offline rules)',
  })
  openThreads(@Root() campaign: Campaign, @Ctx() ctx: GqlContext): Promise<OpenThread[]> {
    return ctx.services.campaignIndex.openThreads(ctx.viewer, campaign.id);
  }

  @FieldResolver(() => CampaignRecap, {
    description: '"Previously on…" for the next game night: the last session in brief and the open threads',
  })
  recap(@Root() campaign: Campaign, @Ctx() ctx: GqlContext): Promise<CampaignRecap> {
    return ctx.services.campaignIndex.recap(ctx.viewer, campaign.id);
  }
}

@Resolver(() => IndexEntry)
export class CampaignIndexResolver {
  @Query(() => IndexEntry, { description: 'One entry of a campaign index the viewer may read' })
  indexEntry(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<IndexEntry> {
    return ctx.services.campaignIndex.entry(ctx.viewer, id);
  }

  @FieldResolver(() => [IndexMention], { description: 'Where the transcripts name it, in transcript order' })
  mentions(
    @Root() entry: IndexEntry,
    @Arg('first', () => Int, { defaultValue: 100, description: 'At most this many (up to 500)' }) first: number,
    @Ctx() ctx: GqlContext,
  ): Promise<IndexMention[]> {
    return ctx.services.campaignIndex.mentionsOf(entry.id, Math.min(first, 500));
  }

  @Mutation(() => IndexEntry, {
    description: 'Owner only: renames an index entry, sets its kind, hides it, keeps it GM-only or adds notes',
  })
  updateIndexEntry(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => IndexEntryInput) input: IndexEntryInput,
    @Ctx() ctx: GqlContext,
  ): Promise<IndexEntry> {
    return ctx.services.campaignIndex.update(ctx.viewer, id, input);
  }

  @Mutation(() => IndexEntry, {
    description:
      'Owner only: merges an index entry into another (its mentions move there, now and later); returns that one',
  })
  mergeIndexEntry(
    @Arg('id', () => ID) id: string,
    @Arg('intoId', () => ID) intoId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<IndexEntry> {
    return ctx.services.campaignIndex.merge(ctx.viewer, id, intoId);
  }
}
