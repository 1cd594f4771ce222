import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import type { ApiToken } from '../../kernel/entities/api-token.entity';
import { ApiTokenScopeEnum, ApiTokenType, CreatedApiToken } from './api-token.type';
import { requireUser } from '../../policy/policy';

@Resolver(() => ApiTokenType)
export class ApiTokenResolver {
  @Query(() => [ApiTokenType], { description: "The signed-in user's API tokens, newest first" })
  apiTokens(@Ctx() ctx: GqlContext): Promise<ApiToken[]> {
    return ctx.services.apiTokens.list(requireUser(ctx.viewer));
  }

  @Mutation(() => CreatedApiToken, { description: 'The secret is returned only here' })
  createApiToken(
    @Arg('name', () => String) name: string,
    @Arg('scope', () => ApiTokenScopeEnum, { defaultValue: ApiTokenScopeEnum.FULL }) scope: ApiTokenScopeEnum,
    @Ctx() ctx: GqlContext,
  ): Promise<{ token: ApiToken; secret: string }> {
    return ctx.services.apiTokens.create(requireUser(ctx.viewer), name, scope);
  }

  @Mutation(() => Boolean)
  async revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() ctx: GqlContext): Promise<boolean> {
    await ctx.services.apiTokens.revoke(requireUser(ctx.viewer), id);
    return true;
  }
}
