import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import type { LoginCookies } from '../../kernel/login-cookies';
import { badInput } from '../../kernel/errors';
import type { UsageSummary } from '../usage';
import {
  ChangePasswordInput,
  ChoosePlanInput,
  LoginInput,
  RegisterInput,
  UpdateAccountFieldInput,
} from './account.input';
import type { AccountView } from './account.service';
import { Account, Language, UsageInfo } from './account.type';
import { LANGUAGES } from './languages';
import { requireUser } from '../../policy/policy';

/** Signing in sets a cookie, which a WebSocket operation has no response to carry. */
function cookiesOf(ctx: GqlContext): LoginCookies {
  if (!ctx.cookies) throw badInput('Sign-in and sign-out work over HTTP only');
  return ctx.cookies;
}

@Resolver(() => Account)
export class AccountResolver {
  @Query(() => Account, { nullable: true, description: 'The signed-in user; null when signed out' })
  me(@Ctx() ctx: GqlContext): AccountView | null {
    return ctx.viewer.user ? ctx.services.accounts.view(ctx.viewer.user) : null;
  }

  @Query(() => [Language], { description: 'The transcript languages, in the order the product lists them' })
  languages(): Language[] {
    return [...LANGUAGES];
  }

  @Mutation(() => Account, { description: 'Creates the account and signs it in (sets the session cookie)' })
  async register(
    @Arg('input', () => RegisterInput) input: RegisterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<AccountView> {
    const user = await ctx.services.accounts.register(input, cookiesOf(ctx));
    return ctx.services.accounts.view(user);
  }

  @Mutation(() => Account, { description: 'Signs in (sets the session cookie); rate limited per account and per IP' })
  async login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: GqlContext): Promise<AccountView> {
    const user = await ctx.services.accounts.login(input, ctx.req?.ip ?? 'unknown', cookiesOf(ctx));
    return ctx.services.accounts.view(user);
  }

  @Mutation(() => Boolean, { description: 'Deletes the server-side session and clears the cookies' })
  async logout(@Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.accounts.logout(cookiesOf(ctx));
    return true;
  }

  @Mutation(() => Account)
  async updateAccountField(
    @Arg('input', () => UpdateAccountFieldInput) input: UpdateAccountFieldInput,
    @Ctx() ctx: GqlContext,
  ): Promise<AccountView> {
    const user = await ctx.services.accounts.updateField(requireUser(ctx.viewer), input.field, input.value);
    return ctx.services.accounts.view(user);
  }

  @Mutation(() => Boolean, { description: "Also signs out the user's other sessions" })
  async changePassword(
    @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    await ctx.services.accounts.changePassword(requireUser(ctx.viewer), input, ctx.req?.ip ?? 'unknown', ctx.cookies);
    return true;
  }

  @Mutation(() => Account, { description: 'Self-hosted mode: applies the plan directly' })
  async choosePlan(
    @Arg('input', () => ChoosePlanInput) input: ChoosePlanInput,
    @Ctx() ctx: GqlContext,
  ): Promise<AccountView> {
    const user = await ctx.services.accounts.choosePlan(requireUser(ctx.viewer), input);
    return ctx.services.accounts.view(user);
  }

  @FieldResolver(() => UsageInfo)
  usage(@Root() account: AccountView, @Ctx() ctx: GqlContext): Promise<UsageSummary> {
    return ctx.services.usage.summary(account.id);
  }
}
