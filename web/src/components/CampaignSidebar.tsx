import { graphql } from '../gql';
import type { CampaignSidebarFieldsFragment, SessionStatus } from '../gql/graphql';
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
    }
  }
`);

export type SidebarCampaign = CampaignSidebarFieldsFragment;

export interface SidebarGroup {
  title: string;
  /** Already in the spec's sort order; each with its sessions, oldest first. */
  campaigns: readonly SidebarCampaign[];
  /** Said in place of an empty list once loaded; without it an empty group shows no text. */
  empty?: string;
}

export interface SidebarSelection {
  campaignId: string;
  sessionId: string | null;
}

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

const STATUS_BADGE: Partial<Record<SessionStatus, string>> = { PROCESSING: 'Processing', FAILED: 'Failed' };

/** The campaigns sidebar of /archive and /qa (spec section 4, "same sidebar"): campaigns and their sessions. */
export function CampaignSidebar({ groups, loading, counts, campaignId, sessionId, open, onClose, onSelect }: Props) {
  const pick = (selection: SidebarSelection) => {
    onSelect(selection);
    onClose();
  };

  return (
    <>
      {open && <div className="campaigns-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav className={`campaign-sidebar${open ? ' open' : ''}`} aria-label="Campaigns">
        {groups.map((group, index) => {
          const note = loading ? 'Loading…' : group.empty;
          return (
            <section key={group.title} className="campaign-group" aria-label={group.title}>
              <div className="campaign-group-header">
                <h2>{group.title}</h2>
                {index === 0 && (
                  <button
                    type="button"
                    className="icon-button campaign-sidebar-close"
                    aria-label="Close campaigns"
                    onClick={onClose}
                  >
                    ✕
                  </button>
                )}
              </div>
              {group.campaigns.length === 0 ? (
                note && <p className="campaign-group-empty muted">{note}</p>
              ) : (
                <ul className="campaign-list">
                  {group.campaigns.map((c) => (
                    <CampaignEntry
                      key={c.id}
                      campaign={c}
                      counts={counts}
                      campaignId={campaignId}
                      sessionId={sessionId}
                      onPick={pick}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </nav>
    </>
  );
}

interface EntryProps {
  campaign: SidebarCampaign;
  counts: boolean | undefined;
  campaignId: string | null;
  sessionId: string | null;
  onPick: (selection: SidebarSelection) => void;
}

function CampaignEntry({ campaign: c, counts, campaignId, sessionId, onPick }: EntryProps) {
  const active = c.id === campaignId && !sessionId;
  return (
    <li>
      <button
        type="button"
        className={`campaign-item${active ? ' active' : ''}`}
        aria-current={active ? 'true' : undefined}
        onClick={() => onPick({ campaignId: c.id, sessionId: null })}
      >
        <span className="campaign-item-title">{c.title}</span>
        {counts && (
          <span className="campaign-item-count" aria-hidden="true">
            {c.sessions.length}
          </span>
        )}
      </button>
      {c.sessions.length > 0 && (
        <ul className="session-list" aria-label={`Sessions of ${c.title}`}>
          {c.sessions.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={`session-item${s.id === sessionId ? ' active' : ''}`}
                aria-current={s.id === sessionId ? 'true' : undefined}
                onClick={() => onPick({ campaignId: c.id, sessionId: s.id })}
              >
                <span className="session-item-title">{s.title}</span>
                {STATUS_BADGE[s.status] && (
                  <span className={`status-badge status-${s.status.toLowerCase()}`}>{STATUS_BADGE[s.status]}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
