import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Session } from '../../kernel/entities/session.entity';
import { SessionVoice } from './voice.type';

@Resolver(() => Session)
export class VoicesResolver {
  @FieldResolver(() => [SessionVoice], {
    description:
      "Owner only (recipients are refused): the session's voices, most talk first, each with a sample to play and, " +
      'where matching it to the cast was unclear, the closest known voice',
  })
  voices(@Root() session: Session, @Ctx() ctx: GqlContext): Promise<SessionVoice[]> {
    return ctx.services.voices.ofSession(ctx.viewer, session.id);
  }

  @Mutation(() => Int, {
    description:
      "Owner only: deletes the campaign's voice prints (personal data); names stay, later sessions' voices start " +
      'over as new speakers. Returns how many prints were deleted',
  })
  forgetVoicePrints(@Arg('campaignId', () => ID) campaignId: string, @Ctx() ctx: GqlContext): Promise<number> {
    return ctx.services.voices.forgetPrints(ctx.viewer, campaignId);
  }
}
