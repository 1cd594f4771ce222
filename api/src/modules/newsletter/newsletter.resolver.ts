import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';

@Resolver()
export class NewsletterResolver {
  @Mutation(() => Boolean, { description: 'Public; subscribing an address twice is not an error' })
  async subscribeNewsletter(@Arg('email', () => String) email: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    // Over a WebSocket there is no request: those callers share one allowance.
    await ctx.services.newsletter.subscribe(email, ctx.req?.ip ?? 'unknown');
    return true;
  }
}
