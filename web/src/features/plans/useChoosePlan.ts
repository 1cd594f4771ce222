import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { rememberCheckout } from './checkout-return';
import { ChoosePlanMutation, CreateCheckoutSessionMutation } from './operations';
import type { ConfirmationState, Cycle, Plan } from './format';

const FAILED = 'Failed to set up payment. Please try again.';

/**
 * One flow for both billing modes (docs/billing-contract.md): ask for a checkout, then go where it
 * says. With Stripe that is the hosted checkout page; self-hosted, the plan is already applied and
 * the url is /payment-confirmation, reached inside the app so the navigation state travels with it.
 * The confirmation replaces the picker in history: "back" from there leads to where the user came
 * from, not to the picker again.
 */
export function useChoosePlan(isUpgrade: boolean, email: string | undefined) {
  const navigate = useNavigate();
  const [checkout] = useMutation(CreateCheckoutSessionMutation);
  const [choose] = useMutation(ChoosePlanMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (err: unknown) => {
    console.error('Setting up the payment failed', err);
    setError(FAILED);
    setBusy(null);
  };

  const choosePlan = async (plan: Plan, cycle: Cycle) => {
    setBusy(`${plan.id}:${cycle}`);
    setError(null);
    try {
      if (!email) throw new Error('the account has no e-mail address loaded');
      const { data } = await checkout({
        variables: {
          input: { planId: plan.id, billingCycle: cycle === 'annual' ? 'ANNUAL' : 'MONTHLY', customerEmail: email },
        },
      });
      if (!data) throw new Error('createCheckoutSession answered no data');
      const state: ConfirmationState = { plan, billingCycle: cycle, isUpgrade };
      const target = new URL(data.createCheckoutSession.url, window.location.origin);
      if (target.origin === window.location.origin) {
        navigate(target.pathname + target.search, { state, replace: true });
      } else {
        rememberCheckout(state);
        window.location.assign(target.href);
      }
    } catch (err) {
      fail(err);
    }
  };

  /** Self-hosted mode: back to Free / Viewer at once, nothing to confirm. */
  const switchToFree = async (free: Plan) => {
    setBusy(`${free.id}:monthly`);
    setError(null);
    try {
      await choose({ variables: { input: { planId: free.id, billingCycle: 'MONTHLY' } } });
      navigate('/dashboard');
    } catch (err) {
      fail(err);
    }
  };

  return { choosePlan, switchToFree, busy, error };
}
