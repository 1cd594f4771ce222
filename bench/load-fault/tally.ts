/** What the bench counts: every answer, by the phase of the run it came back in. */
export type Outcome = 'ok' | 'error' | 'throttled';

interface Sample {
  ms: number;
  outcome: Outcome;
  /** Which request of the visit (viewer, ask, …). */
  step: string;
}

/** Deliberate refusals of a busy server: counted apart, not as errors. */
export const THROTTLE_STATUS = 429;

/**
 * Answers grouped by phase (steady, worker killed, PostgreSQL restarted, …), so a report can say
 * not only how many failed but when; a few error samples are kept for the evidence.
 */
export class Tally {
  private phase = 'start';
  private readonly samples = new Map<string, Sample[]>();
  readonly examples: string[] = [];

  enter(phase: string): void {
    this.phase = phase;
  }

  add(ms: number, outcome: Outcome, step: string, what?: string): void {
    const list = this.samples.get(this.phase) ?? [];
    list.push({ ms, outcome, step });
    this.samples.set(this.phase, list);
    if (outcome === 'error' && what && this.examples.length < 12) this.examples.push(`[${this.phase}] ${what}`);
  }

  phases(): string[] {
    return [...this.samples.keys()];
  }

  steps(): string[] {
    return [...new Set([...this.samples.values()].flat().map((s) => s.step))];
  }

  /** Everything, or one phase's answers, or (`by: 'step'`) one kind of request's answers over the whole run. */
  summary(key?: string, by: 'phase' | 'step' = 'phase') {
    const everything = [...this.samples.values()].flat();
    const list =
      key === undefined
        ? everything
        : by === 'phase'
          ? (this.samples.get(key) ?? [])
          : everything.filter((s) => s.step === key);
    const count = (o: Outcome) => list.filter((s) => s.outcome === o).length;
    // Times of the answers that worked: a failure answered fast must not make the run look quick.
    const ok = list.filter((s) => s.outcome === 'ok');
    return {
      requests: list.length,
      errors: count('error'),
      throttled: count('throttled'),
      p50: percentile(ok, 0.5),
      p95: percentile(ok, 0.95),
      p99: percentile(ok, 0.99),
    };
  }
}

/** Nearest-rank percentile of the answers' times, in whole milliseconds. */
function percentile(list: Sample[], q: number): number {
  if (list.length === 0) return 0;
  const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
}
