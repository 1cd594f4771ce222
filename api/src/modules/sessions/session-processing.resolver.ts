import { Arg, Ctx, Field, Float, ID, Mutation, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Campaign } from '../campaigns/campaign.entity';
import { Session, SessionStatus } from './session.entity';
import type { SessionUpdate } from './session-events';

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
      return ctx.services.processing.subscribe(ctx.viewer, args);
    },
  })
  sessionUpdated(
    @Root() update: SessionUpdate,
    @Arg('sessionId', () => ID, { nullable: true }) _sessionId?: string,
    @Arg('campaignId', () => ID, { nullable: true }) _campaignId?: string,
  ): SessionUpdate {
    return update;
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
