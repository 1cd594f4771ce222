import { Arg, Ctx, Field, Float, ID, Mutation, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { anonymous } from '../../kernel/viewer';
import { Campaign } from '../../kernel/entities/campaign.entity';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import type { SessionUpdate } from './session-events';
import type { SessionDelivery } from './session-events';

@ObjectType({ description: 'Where the processing of a session stands (pushed on every stage and progress change)' })
export class SessionUpdateEvent implements SessionUpdate {
  @Field(() => ID)
  sessionId!: string;

  @Field(() => ID)
  campaignId!: string;

  @Field(() => SessionStatus)
  status!: SessionStatus;

  @Field(() => String, {
    nullable: true,
    description: 'probe, prepare, transcribe, assemble, filter, summarize, index, finish',
  })
  stage!: string | null;

  @Field(() => Float, { description: 'From 0 to 1' })
  progress!: number;
}

@Resolver()
export class SessionProcessingResolver {
  @Subscription(() => SessionUpdateEvent, {
    description: 'Live status of one session, or of every session of one campaign (give exactly one id)',
    subscribe: async ({ args, context }) => {
      const ctx = context as GqlContext;
      // Subscriptions run over WebSocket only, which always says how to prove the caller again;
      // without it every update would be refused as signed out.
      const reauthenticate = ctx.reauthenticate ?? (async () => anonymous);
      return ctx.services.processing.subscribe(ctx.viewer, args, reauthenticate);
    },
  })
  sessionUpdated(
    @Root() delivery: SessionDelivery,
    @Arg('sessionId', () => ID, { nullable: true }) _sessionId?: string,
    @Arg('campaignId', () => ID, { nullable: true }) _campaignId?: string,
  ): SessionUpdate {
    if ('refused' in delivery) throw delivery.refused;
    return delivery.update;
  }

  @Mutation(() => Session, {
    description: 'Processes a FAILED session again, reusing the work already done (owner only)',
  })
  retrySession(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<Session> {
    return ctx.services.processing.retry(ctx.viewer, id);
  }

  @Mutation(() => Campaign, { description: 'Names given to speech-to-text as a prompt (owner only)' })
  setCampaignVocabulary(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('vocabulary', () => String) vocabulary: string,
    @Ctx() ctx: GqlContext,
  ): Promise<Campaign> {
    return ctx.services.processing.setVocabulary(ctx.viewer, campaignId, vocabulary);
  }
}
