import type { ConfirmationState } from './format';

const KEY = 'questlog.checkout';

/**
 * A card checkout leaves the app for Stripe's page and comes back by a full page load, which
 * loses the navigation state. What /payment-confirmation needs of it (upgrade or first plan) is
 * kept for this tab until the return.
 */
export function rememberCheckout(state: ConfirmationState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage can be off (private modes); the confirmation then falls back to the new-account copy.
  }
}

/** The remembered checkout for `planId`, once: a later visit does not reuse it. */
export function takeCheckout(planId: string | null): ConfirmationState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const state = raw ? (JSON.parse(raw) as ConfirmationState) : null;
    return state && state.plan?.id === planId ? state : null;
  } catch {
    return null;
  }
}
