import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { requireUser } from '../../policy/policy';
import { BillingPortalSession, CheckoutInputType, CheckoutType } from './billing.type';
import { requestOrigin, type CheckoutResult } from './checkout.service';

@Resolver()
export class BillingResolver {
  @Mutation(() => CheckoutType, {
    name: 'createCheckoutSession',
    description:
      'Starts buying a plan: a Stripe Checkout Session (BILLING_MODE=stripe), or in self-hosted mode the plan applied at once',
  })
  createCheckout(
    @Arg('input', () => CheckoutInputType) input: CheckoutInputType,
    @Ctx() ctx: GqlContext,
  ): Promise<CheckoutResult> {
    return ctx.services.checkout.start(requireUser(ctx.viewer), input, requestOrigin(ctx.req));
  }

  @Mutation(() => BillingPortalSession, {
    description: "'Manage Subscription': a Stripe Billing Portal session for an account with a subscription",
  })
  createBillingPortalSession(@Ctx() ctx: GqlContext): Promise<{ url: string }> {
    return ctx.services.billingPortal.open(requireUser(ctx.viewer), requestOrigin(ctx.req));
  }
}
