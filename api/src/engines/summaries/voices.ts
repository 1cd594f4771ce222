import { words } from '../text/tokenize';
import type { SummaryInput } from './summarizer';

/**
 * The game master's label when the lines name every voice but none as the GM (an imported
 * transcript before the owner sets up the cast): the voice that says the most, by a clear
 * margin, since the GM narrates the world and voices everyone in it. Undefined when the GM's
 * lines already come without a speaker (the cast names the GM) or no voice stands out.
 */
export function narratorOf(lines: SummaryInput[]): string | undefined {
  const said = new Map<string | undefined, number>();
  for (const line of lines) said.set(line.speaker, (said.get(line.speaker) ?? 0) + words(line.text).length);
  const total = [...said.values()].reduce((a, b) => a + b, 0);
  // Unnamed lines are the GM's once the cast names one; then nobody else narrates.
  if ((said.get(undefined) ?? 0) > total / 5) return undefined;
  const [first, second] = [...said.entries()].filter(([s]) => s).sort((a, b) => b[1] - a[1]);
  return first && (!second || first[1] >= 1.5 * second[1]) ? first[0] : undefined;
}
