import type { Request } from 'express';
import type { ByteRange } from '../storage/storage';

/** What a GET of a stored file answers: the whole of it, one range of it, or 416. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/** HTTP validators of a stored file: the stored object is replaced, never changed in place. */
export function validators(file: { size: number; modifiedAt: Date }, variant: string): Record<string, string> {
  return {
    ETag: `"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}-${variant}"`,
    'Last-Modified': file.modifiedAt.toUTCString(),
  };
}

/**
 * The Range header of `req` against a file of `size` bytes (RFC 9110 section 14). Browsers seek
 * in media with one range; several ranges, a malformed header, another unit or an If-Range that
 * no longer matches the file are all answered with the whole file, as the RFC allows.
 */
export function rangeOf(req: Request, size: number, current: Record<string, string>): RangeAnswer {
  if (!req.get('range') || !ifRangeMatches(req.get('if-range'), current)) return { kind: 'whole' };
  const ranges = req.range(size, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    return { kind: 'whole' };
  }
  return { kind: 'part', range: { start: ranges[0].start, end: ranges[0].end } };
}

/** If-Range holds an entity tag or a date; the range stands only while it still names this file. */
function ifRangeMatches(ifRange: string | undefined, current: Record<string, string>): boolean {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === current.ETag;
  return ifRange === current['Last-Modified'];
}
