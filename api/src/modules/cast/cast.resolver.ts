import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { anonymous } from '../../kernel/viewer';
import { Campaign } from '../../kernel/entities/campaign.entity';
import type { Delivery } from '../../kernel/live-updates';
import { CastUpdate, Speaker, SpeakerInput } from './cast.type';

@Resolver(() => Campaign)
export class CastResolver {
  @FieldResolver(() => [Speaker], {
    description: "The voices heard in the campaign's recordings and who they are, in the order first heard",
  })
  cast(@Root() campaign: Campaign, @Ctx() ctx: GqlContext): Promise<Speaker[]> {
    return ctx.services.cast.speakers(ctx.viewer, campaign.id);
  }

  @Mutation(() => Speaker, {
    description:
      "Owner only: names a speaker's player and character (or makes them the GM). Transcripts, summaries " +
      'and Q&A use the names at once, in this and every later session of the campaign',
  })
  updateSpeaker(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SpeakerInput) input: SpeakerInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Speaker> {
    return ctx.services.cast.update(ctx.viewer, id, { ...input, role: input.role ?? undefined });
  }

  @Mutation(() => [Speaker], {
    description:
      'Owner only: two voices that are one person made one. Every line of `id`, in every session of the ' +
      "campaign, goes to `into`, which keeps its names; `id` leaves the cast. Returns the campaign's cast",
  })
  mergeSpeakers(
    @Arg('id', () => ID) id: string,
    @Arg('into', () => ID) into: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Speaker[]> {
    return ctx.services.cast.merge(ctx.viewer, id, into);
  }

  @Mutation(() => Speaker, {
    description:
      'Owner only: lines (at most 500, of sessions of the same campaign) said by `speakerId` after all; ' +
      'summaries and Q&A follow. Returns that speaker',
  })
  moveLinesToSpeaker(
    @Arg('lineIds', () => [ID]) lineIds: string[],
    @Arg('speakerId', () => ID) speakerId: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Speaker> {
    return ctx.services.cast.moveLines(ctx.viewer, lineIds, speakerId);
  }

  @Subscription(() => CastUpdate, {
    description: "A campaign's cast whenever it changes: a speaker named, or new voices heard in a new session",
    subscribe: async ({ args, context }) => {
      const ctx = context as GqlContext;
      const reauthenticate = ctx.reauthenticate ?? (async () => anonymous);
      return ctx.services.cast.subscribe(ctx.viewer, (args as { campaignId: unknown }).campaignId, reauthenticate);
    },
  })
  castUpdated(@Root() delivery: Delivery<CastUpdate>, @Arg('campaignId', () => ID) _campaignId: string): CastUpdate {
    if ('refused' in delivery) throw delivery.refused;
    return delivery.update;
  }
}
