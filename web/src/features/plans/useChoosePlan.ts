import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { ChoosePlanMutation } from './operations';
import type { ConfirmationState, Cycle, Plan } from './format';

/**
 * Self-hosted billing applies the plan at once, then walks the same path a card checkout returns
 * by, so /payment-confirmation behaves the same in both modes. The confirmation replaces the picker
 * in history: "back" from there leads to where the user came from, not to the picker again.
 */
export function useChoosePlan(isUpgrade: boolean) {
  const navigate = useNavigate();
  const [choose] = useMutation(ChoosePlanMutation);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** `next` skips the confirmation, e.g. when going back to the free plan there is nothing to confirm. */
  const choosePlan = async (plan: Plan, cycle: Cycle, next?: string) => {
    setBusy(`${plan.id}:${cycle}`);
    setError(null);
    try {
      await choose({
        variables: { input: { planId: plan.id, billingCycle: cycle === 'annual' ? 'ANNUAL' : 'MONTHLY' } },
      });
      if (next) {
        navigate(next);
        return;
      }
      const state: ConfirmationState = { plan, billingCycle: cycle, isUpgrade };
      navigate(`/payment-confirmation?success=true&plan=${encodeURIComponent(plan.id)}&billing=${cycle}`, {
        state,
        replace: true,
      });
    } catch (err) {
      console.error('Choosing a plan failed', err);
      setError('Failed to set up payment. Please try again.');
      setBusy(null);
    }
  };
  return { choosePlan, busy, error };
}
