import { describe, expect, it } from 'vitest';
import { sortCampaigns } from '../lib/sort-campaigns';
import { filterCampaigns } from './campaign-filter';
import type { SidebarCampaign } from './campaign-sidebar.types';

const campaign = (id: string, title: string, sessions: string[], lastEditedAt = '2026-01-01T00:00:00Z') =>
  ({
    __typename: 'Campaign',
    id,
    title,
    lastEditedAt,
    sessions: sessions.map((t, i) => ({
      __typename: 'Session',
      id: `${id}-s${i}`,
      title: t,
      status: 'READY',
      playedOn: '2026-01-01',
    })),
  }) satisfies SidebarCampaign as SidebarCampaign;

const dragons = campaign('c1', 'Curse of Dragons', ['The Tavern', 'Into the Crypt', 'Dragon Fight']);
const heist = campaign('c2', 'Blades Heist', ['Casing the Vault', 'The Crypt Job']);
const empty = campaign('c3', 'Empty Campaign', []);
const all = [dragons, heist, empty];

const summary = (query: string) =>
  filterCampaigns(all, query).map((m) => [m.campaign.id, m.sessions.map((s) => s.title), m.sessionMatched]);

describe('filterCampaigns', () => {
  it('lists every campaign with all its sessions for an empty or blank query', () => {
    for (const query of ['', '   ']) {
      expect(summary(query)).toEqual([
        ['c1', ['The Tavern', 'Into the Crypt', 'Dragon Fight'], false],
        ['c2', ['Casing the Vault', 'The Crypt Job'], false],
        ['c3', [], false],
      ]);
    }
  });

  it('keeps all sessions of a campaign whose title matches, case and surrounding spaces ignored', () => {
    expect(summary('  dRAGONS ')).toEqual([['c1', ['The Tavern', 'Into the Crypt', 'Dragon Fight'], false]]);
    expect(summary('empty')).toEqual([['c3', [], false]]);
  });

  it('lists a campaign for its matching sessions only, marked to be opened', () => {
    expect(summary('crypt')).toEqual([
      ['c1', ['Into the Crypt'], true],
      ['c2', ['The Crypt Job'], true],
    ]);
    expect(summary('vault')).toEqual([['c2', ['Casing the Vault'], true]]);
  });

  it('prefers the title: a campaign matched by title and session keeps all its sessions', () => {
    // "dragon" is in the title of c1 and in one of its sessions.
    expect(summary('dragon')).toEqual([['c1', ['The Tavern', 'Into the Crypt', 'Dragon Fight'], false]]);
  });

  it('finds nothing for a query nothing holds', () => {
    expect(filterCampaigns(all, 'zeppelin')).toEqual([]);
  });

  it('keeps the sidebar order: campaigns with sessions first, then the most recently edited', () => {
    const old = campaign('old', 'Old Crypt', ['One'], '2025-03-01T10:00:00Z');
    const recent = campaign('recent', 'Recent', ['Crypt Two'], '2026-06-01T10:00:00Z');
    const newestEmpty = campaign('bare', 'Crypt Plans', [], '2026-11-30T10:00:00Z');
    const sorted = sortCampaigns([newestEmpty, old, recent], (c) => c);
    expect(filterCampaigns(sorted, 'crypt').map((m) => m.campaign.id)).toEqual(['recent', 'old', 'bare']);
  });
});
