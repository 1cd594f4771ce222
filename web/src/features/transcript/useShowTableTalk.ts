import { useCallback, useState } from 'react';

const KEY = 'questlog.showTableTalk';

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * Whether the full transcript shows its table-talk lines: on unless the reader turned it off, and
 * remembered in this browser (a preference of the reader, not of one session).
 */
export function useShowTableTalk(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(stored);
  const set = useCallback((next: boolean) => {
    setShow(next);
    try {
      window.localStorage.setItem(KEY, String(next));
    } catch {
      // Private mode without storage: the choice lasts for this view only.
    }
  }, []);
  return [show, set];
}
