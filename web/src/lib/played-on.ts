/**
 * Session.playedOn is a calendar day (YYYY-MM-DD) with no time or zone: it is read and shown as
 * that day wherever the browser is, never shifted through UTC.
 */

const LABEL = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The day in the user's words, e.g. "14 Mar 2025"; the raw value when it is not a day. */
export function playedOnLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return LABEL.format(new Date(y, m - 1, d));
}

/** Today in the browser's own time zone, as YYYY-MM-DD (what a date input holds). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
