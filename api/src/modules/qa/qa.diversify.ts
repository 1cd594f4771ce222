/** A line that answers the question, with its relevance. */
export interface Hit {
  sessionId: string;
  position: number;
  score: number;
}

/**
 * Picks the best hits greedily (input best first) while spreading them: at most `perSession`
 * from one session, so a campaign question shows every session that speaks to it rather than five
 * lines of the chattiest one, and no hit within `minGap` lines of one already picked, whose
 * context would mostly repeat it.
 */
export function diversify<T extends Hit>(hits: T[], limits: { topK: number; perSession: number; minGap: number }): T[] {
  const picked: T[] = [];
  for (const hit of hits) {
    if (picked.length >= limits.topK) break;
    const same = picked.filter((p) => p.sessionId === hit.sessionId);
    if (same.length >= limits.perSession) continue;
    if (same.some((p) => Math.abs(p.position - hit.position) < limits.minGap)) continue;
    picked.push(hit);
  }
  return picked;
}
