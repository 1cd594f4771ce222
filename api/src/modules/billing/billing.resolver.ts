import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context';
import { requireUser } from '../../policy/policy';
import { BillingPortalSession, CheckoutSession, CheckoutSessionInput } from './billing.type';
import { requestOrigin, type CheckoutResult } from './checkout.service';

@Resolver()
export class BillingResolver {
  @Mutation(() => CheckoutSession, {
    description:
      'Starts buying a plan: a Stripe Checkout Session (BILLING_MODE=stripe), or in self-hosted mode the plan applied at once',
  })
  createCheckoutSession(
    @Arg('input', () => CheckoutSessionInput) input: CheckoutSessionInput,
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
