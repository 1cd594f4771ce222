import type { Page } from '@playwright/test';

let watches = 0;

/**
 * Keeps, in the page, each state `read` finds there as the DOM changes: a MutationObserver calls it
 * on every change, so no state shown between two polls is missed. A state equal to the one before
 * is kept once, `undefined` not at all. The function returned reads back what was kept.
 */
export async function recordStates<T>(page: Page, read: () => T | undefined): Promise<() => Promise<T[]>> {
  const key = `recordedStates${++watches}`;
  // `read` runs in the page, so it goes there as source, as page.evaluate sends any function.
  await page.evaluate(`(${keepStates.toString()})(${JSON.stringify(key)}, ${read.toString()})`);
  return () => page.evaluate((k) => (window as unknown as Record<string, T[]>)[k], key);
}

/** Runs in the page: the observer that keeps the states under `key`. */
function keepStates(key: string, read: () => unknown) {
  const seen: unknown[] = [];
  (window as unknown as Record<string, unknown[]>)[key] = seen;
  const note = () => {
    const state = read();
    if (state !== undefined && JSON.stringify(seen.at(-1)) !== JSON.stringify(state)) seen.push(state);
  };
  note();
  new MutationObserver(note).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}
