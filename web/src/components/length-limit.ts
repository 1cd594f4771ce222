/** From this share of a limit on, a field shows how much of it is used, so the limit never comes unannounced. */
const COUNTER_FROM = 0.8;

/** "180/200" once `value` nears `max`; null before that (or without a limit). */
export function lengthCounter(value: string, max: number | undefined): string | null {
  if (!max || value.length < Math.floor(max * COUNTER_FROM)) return null;
  return `${value.length}/${max}`;
}

/**
 * `text` cut to at most `max` characters at the last word boundary, when the cut would split a
 * word; a single word longer than the limit is cut where the limit falls.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  if (/\s/.test(text[max])) return cut.trimEnd();
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd();
}
