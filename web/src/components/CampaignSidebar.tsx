import { useId, useMemo, useState } from 'react';
import { Search, X } from 'lucide-react';
import { graphql } from '../gql';
import type { SidebarGroup, SidebarSelection } from './campaign-sidebar.types';
import { CampaignEntry } from './CampaignEntry';
import { filterCampaigns } from './campaign-filter';
import './campaign-sidebar.css';

/** What the sidebar reads of a campaign; lastEditedAt orders the list (lib/sort-campaigns). */
export const CampaignSidebarFields = graphql(`
  fragment CampaignSidebarFields on Campaign {
    id
    title
    lastEditedAt
    sessions {
      id
      title
      status
      playedOn
    }
  }
`);

export type { SidebarCampaign, SidebarGroup, SidebarSelection } from './campaign-sidebar.types';

/** Up to this many campaigns a group shows every campaign's sessions; beyond it only the selected one's. */
const OPEN_ALL_UP_TO = 5;

interface Props {
  groups: readonly SidebarGroup[];
  loading?: boolean;
  /** Each campaign's number of sessions next to its title. */
  counts?: boolean;
  campaignId: string | null;
  sessionId: string | null;
  /** Below 768 px the list is an overlay the 'View Campaigns' button opens. */
  open: boolean;
  onClose: () => void;
  onSelect: (selection: SidebarSelection) => void;
}

/**
 * The campaigns sidebar of /archive and /qa (docs/product.md#states, "same sidebar"): campaigns and their
 * sessions. Hundreds of campaigns stay usable without virtualizing: past a handful, only the
 * selected campaign (and, while searching, those with matching sessions) shows its sessions, each
 * can be opened or closed, and the search box narrows the list by campaign or session title.
 */
export function CampaignSidebar({ groups, loading, counts, campaignId, sessionId, open, onClose, onSelect }: Props) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Campaigns the user opened or closed by hand; the rest follow the selection and the search.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const filtered = useMemo(
    () => groups.map((group) => ({ group, matches: filterCampaigns(group.campaigns, query) })),
    [groups, query],
  );
  const searching = query.trim() !== '';

  const pick = (selection: SidebarSelection) => {
    onSelect(selection);
    onClose();
  };
  const toggle = (id: string, expanded: boolean) => setToggled((prev) => new Map(prev).set(id, !expanded));

  return (
    <>
      {open && <div className="campaigns-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav
        className={`campaign-sidebar${open ? ' open' : ''}`}
        aria-label="Campaigns"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) onClose();
        }}
      >
        <div className="campaign-sidebar-top">
          <div className="campaign-search">
            <Search className="campaign-search-icon" size={16} aria-hidden="true" />
            <label htmlFor={searchId} className="visually-hidden">
              Search campaigns and sessions
            </label>
            <input
              id={searchId}
              type="search"
              placeholder="Search titles"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
          <button
            type="button"
            className="icon-button campaign-sidebar-close"
            aria-label="Close campaigns"
            onClick={onClose}
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        <div className="campaign-groups">
          {filtered.map(({ group, matches }) => {
            let note = loading ? 'Loading…' : group.empty;
            if (searching && group.campaigns.length > 0) note = 'No campaigns match';
            const openAll = group.campaigns.length <= OPEN_ALL_UP_TO;
            return (
              <section key={group.title} className="campaign-group" aria-label={group.title}>
                <h2 className="campaign-group-title">{group.title}</h2>
                {matches.length === 0 ? (
                  note && (
                    <p className="campaign-group-empty muted" role={searching ? 'status' : undefined}>
                      {note}
                    </p>
                  )
                ) : (
                  <ul className="campaign-list">
                    {matches.map(({ campaign, sessions, sessionMatched }) => {
                      const expanded =
                        toggled.get(campaign.id) ??
                        (openAll || campaign.id === campaignId || (searching && sessionMatched));
                      return (
                        <CampaignEntry
                          key={campaign.id}
                          campaign={campaign}
                          sessions={sessions}
                          expanded={expanded}
                          counts={counts}
                          campaignId={campaignId}
                          sessionId={sessionId}
                          onToggle={() => toggle(campaign.id, expanded)}
                          onPick={pick}
                        />
                      );
                    })}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </nav>
    </>
  );
}
