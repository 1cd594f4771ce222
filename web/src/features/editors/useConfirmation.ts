import { useState, type FormEvent } from 'react';

/**
 * Ask, confirm, send: the editors' two-step changes (docs/product.md#states). `check` names what is wrong
 * with the form, or null; `send` resolves false when the change failed, which returns to the form.
 */
export function useConfirmation(check: () => string | null, send: () => Promise<boolean>) {
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  function ask(e: FormEvent) {
    e.preventDefault();
    const problem = check();
    setError(problem);
    if (!problem) setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    const done = await send();
    setBusy(false);
    if (!done) setConfirming(false);
  }

  return { error, confirming, busy, ask, confirm: () => void confirm(), back: () => setConfirming(false) };
}
