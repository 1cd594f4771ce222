import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Answer, AskInput } from './qa.type';

@Resolver()
export class QaResolver {
  @Mutation(() => Answer, {
    description: 'Answers from the transcripts of one session or a whole campaign, with citations',
  })
  ask(@Arg('input', () => AskInput) input: AskInput, @Ctx() ctx: GqlContext): Promise<Answer> {
    return ctx.services.qa.ask(ctx.viewer, input);
  }
}
