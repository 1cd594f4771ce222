import { describe, expect, it } from 'vitest';
import { sortCampaigns } from './sort-campaigns';

const c = (id: string, sessions: number, lastEditedAt: string) => ({
  id,
  sessions: Array.from({ length: sessions }, (_, i) => i),
  lastEditedAt,
});

describe('sortCampaigns (docs/product.md, "Sidebar order")', () => {
  it('puts campaigns with sessions first, then the most recently edited first', () => {
    const items = [
      c('empty-new', 0, '2026-12-01T09:00:00Z'),
      c('full-old', 3, '2025-01-10T09:00:00Z'),
      c('empty-old', 0, '2024-05-05T09:00:00Z'),
      c('full-new', 1, '2026-11-30T09:00:00Z'),
      c('full-mid', 2, '2026-02-01T09:00:00Z'),
    ];
    expect(sortCampaigns(items, (x) => x).map((x) => x.id)).toEqual([
      'full-new',
      'full-mid',
      'full-old',
      'empty-new',
      'empty-old',
    ]);
  });

  it('compares instants, not strings: a zone offset counts', () => {
    // 10:00+02:00 is 08:00Z, earlier than 09:00Z though it sorts later as text.
    const items = [c('offset', 1, '2026-05-01T10:00:00+02:00'), c('utc', 1, '2026-05-01T09:00:00Z')];
    expect(sortCampaigns(items, (x) => x).map((x) => x.id)).toEqual(['utc', 'offset']);
  });

  it('reads the campaign through the accessor and leaves the input as it was', () => {
    const shared = [
      { shareId: 'a', campaign: c('a', 0, '2026-01-01T00:00:00Z') },
      { shareId: 'b', campaign: c('b', 1, '2025-01-01T00:00:00Z') },
    ];
    const before = [...shared];
    expect(sortCampaigns(shared, (s) => s.campaign).map((s) => s.shareId)).toEqual(['b', 'a']);
    expect(shared).toEqual(before);
  });
});
