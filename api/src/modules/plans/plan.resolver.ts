import { Ctx, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { Plan } from './plan.type';

@Resolver(() => Plan)
export class PlanResolver {
  @Query(() => [Plan], { description: 'The plan catalogue; public.' })
  plans(@Ctx() ctx: GqlContext): Plan[] {
    return [...ctx.services.plans.list()];
  }
}
