import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { BillingCycleEnum } from '../accounts';

// Only shapes here: the service validates content (zod), so REST and GraphQL give the same messages.
// The GraphQL names are the documented contract's (docs/billing-contract.md), after Stripe's "Checkout Session".

@InputType('CheckoutSessionInput', {
  description: 'The plan to buy (docs/product.md#rest-endpoints: planId, billingCycle, customerEmail)',
})
export class CheckoutInputType {
  @Field(() => ID, { description: 'qa_chatbot, beginner, standard or pro' })
  planId!: string;

  @Field(() => BillingCycleEnum, { description: 'Q&A Chatbot Access is monthly only' })
  billingCycle!: BillingCycleEnum;

  @Field(() => String, { description: "The signed-in account's e-mail address" })
  customerEmail!: string;
}

@ObjectType('CheckoutSession', { description: 'Where to send the browser next' })
export class CheckoutType {
  @Field(() => String, { nullable: true, description: 'Stripe Checkout Session id; null in self-hosted mode' })
  sessionId!: string | null;

  @Field(() => String, {
    description:
      "Stripe's hosted checkout page, or in self-hosted mode the payment confirmation (plan already applied)",
  })
  url!: string;
}

@ObjectType({ description: "Stripe's Billing Portal for the signed-in subscriber (open it in a new tab)" })
export class BillingPortalSession {
  @Field(() => String, { description: 'One-time URL; the portal returns to /profile' })
  url!: string;
}
