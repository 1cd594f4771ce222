export interface Span {
  startMs: number;
  endMs: number;
}

/** Parses ffmpeg silencedetect log lines; a silence still open at the end closes at `durationMs`. */
export function parseSilences(log: string, durationMs: number): Span[] {
  const spans: Span[] = [];
  let open: number | undefined;
  for (const m of log.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const ms = Math.max(0, Math.round(Number(m[2]) * 1000));
    if (m[1] === 'start') open = ms;
    else if (open !== undefined) {
      spans.push({ startMs: open, endMs: ms });
      open = undefined;
    }
  }
  if (open !== undefined && open < durationMs) spans.push({ startMs: open, endMs: durationMs });
  return spans;
}

/**
 * Splits [0, durationMs] into chunks no longer than `maxChunkMs`, cutting in the middle of the
 * latest silence of each window so no word is cut; with no silence there it cuts hard at the
 * bound. Silences in the first quarter of a window are ignored so chunks stay at least a quarter
 * of the bound long and a recording never turns into a swarm of tiny requests.
 */
export function planChunks(durationMs: number, silences: Span[], maxChunkMs: number): Span[] {
  if (maxChunkMs < 2) throw new Error('maxChunkMs is too small');
  const chunks: Span[] = [];
  let start = 0;
  while (durationMs - start > maxChunkMs) {
    const limit = start + maxChunkMs;
    const candidates = silences
      .map((s) => Math.round((s.startMs + s.endMs) / 2))
      .filter((mid) => mid > start + maxChunkMs / 4 && mid <= limit);
    const cut = candidates.length ? Math.max(...candidates) : limit;
    chunks.push({ startMs: start, endMs: cut });
    start = cut;
  }
  if (durationMs > start) chunks.push({ startMs: start, endMs: durationMs });
  return chunks;
}

/** How much audio before its cut a chunk carries as its lead, at most... */
export const LEAD_MS = 5000;
/** ...and at least, when the lead starts at a silence. */
export const MIN_LEAD_MS = 3000;

/**
 * Where each chunk's audio starts: the first at its own start, every later one a lead before its cut,
 * so the first words after the cut are not the first thing in the file (docs/chunking.md). The lead
 * starts LEAD_MS before the cut if that is silent, else mid the earliest silence up to MIN_LEAD_MS
 * before it (not mid-word), else at LEAD_MS; never before the previous chunk's own start, and
 * `maxAudioMs` bounds a chunk's audio with its lead.
 */
export function planLeads(spans: Span[], silences: Span[], maxAudioMs = Infinity): number[] {
  return spans.map((span, i) => {
    if (i === 0) return span.startMs;
    const cut = span.startMs;
    const full = cut - LEAD_MS;
    const quiet = silences
      .map((s) => Math.round((s.startMs + s.endMs) / 2))
      .filter((mid) => mid >= full && mid <= cut - MIN_LEAD_MS);
    const inSilence = silences.some((s) => s.startMs <= full && full <= s.endMs);
    const start = inSilence || !quiet.length ? full : Math.min(...quiet);
    return Math.min(cut, Math.max(start, spans[i - 1].startMs, span.endMs - maxAudioMs));
  });
}
