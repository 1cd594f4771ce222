import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a manual scroll holds the transcript still before it follows the audio again. */
export const FOLLOW_PAUSE_MS = 8_000;

/** Keys that scroll the page when focus is not in a text field. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);

/**
 * Keeps the line being heard in view, unless the reader is looking elsewhere: wheel, touch or
 * scrolling keys pause following for FOLLOW_PAUSE_MS after the last of them (a programmatic
 * scroll sends none of these), and `resume` ends the pause at once. `lineElement` finds the line.
 */
export function useFollowAlong(currentId: string | null, lineElement: (id: string) => HTMLElement | null) {
  const [following, setFollowing] = useState(true);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const manual = () => {
      setFollowing(false);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setFollowing(true), FOLLOW_PAUSE_MS);
    };
    const key = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key) && !isTextField(event.target)) manual();
    };
    window.addEventListener('wheel', manual, { passive: true });
    window.addEventListener('touchmove', manual, { passive: true });
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('wheel', manual);
      window.removeEventListener('touchmove', manual);
      window.removeEventListener('keydown', key);
      window.clearTimeout(timer.current);
    };
  }, []);

  const reveal = useCallback(
    (id: string, smooth: boolean) => {
      const el = lineElement(id);
      if (!el || isComfortablyVisible(el)) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'center' });
    },
    [lineElement],
  );

  useEffect(() => {
    if (following && currentId) reveal(currentId, true);
  }, [following, currentId, reveal]);

  const resume = useCallback(() => {
    window.clearTimeout(timer.current);
    setFollowing(true);
  }, []);

  return { following, resume, reveal };
}

/** Within the middle of the window (clear of the sticky bars above and the bottom edge). */
function isComfortablyVisible(el: HTMLElement): boolean {
  const { top, bottom } = el.getBoundingClientRect();
  return top >= window.innerHeight * 0.25 && bottom <= window.innerHeight * 0.85;
}

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
