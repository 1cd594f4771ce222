import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';

@Resolver()
export class PasswordResetResolver {
  @Mutation(() => Boolean, {
    description:
      'Public: mails a single-use link (valid an hour) to choose a new password. The same answer whether or not ' +
      'the address has an account; rate limited per address and per IP',
  })
  async requestPasswordReset(@Arg('email', () => String) email: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    // Over a WebSocket there is no request: those callers share one allowance.
    await ctx.services.passwordReset.request(email, ctx.req?.ip ?? 'unknown');
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "Public: sets a new password with a link's token; ends every sign-in session and API token of the account " +
      '(sign in again after). Unknown, used and expired links get one message',
  })
  async resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Arg('passwordConfirm', () => String) passwordConfirm: string,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.passwordReset.reset({ token, password, passwordConfirm }, ctx.req?.ip ?? 'unknown');
    return true;
  }
}
