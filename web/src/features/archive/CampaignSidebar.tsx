import type { SessionStatus } from '../../gql/graphql';
import type { SidebarCampaign } from './sidebar-campaign';
import type { Selection } from './useArchiveSelection';

interface Props {
  campaigns: readonly SidebarCampaign[];
  campaignId: string | null;
  sessionId: string | null;
  /** Below 768 px the list is an overlay the 'View Campaigns' button opens. */
  open: boolean;
  onClose: () => void;
  onSelect: (selection: Selection) => void;
}

const STATUS_BADGE: Partial<Record<SessionStatus, string>> = { PROCESSING: 'Processing', FAILED: 'Failed' };

/** Campaigns (already in the spec's sort order) with their sessions, oldest first. */
export function CampaignSidebar({ campaigns, campaignId, sessionId, open, onClose, onSelect }: Props) {
  const pick = (selection: Selection) => {
    onSelect(selection);
    onClose();
  };

  return (
    <>
      {open && <div className="campaigns-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav className={`campaign-sidebar${open ? ' open' : ''}`} aria-label="Campaigns">
        <div className="campaign-sidebar-header">
          <h2>Campaigns</h2>
          <button
            type="button"
            className="icon-button campaign-sidebar-close"
            aria-label="Close campaigns"
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        <ul className="campaign-list">
          {campaigns.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`campaign-item${c.id === campaignId && !sessionId ? ' active' : ''}`}
                aria-current={c.id === campaignId && !sessionId ? 'true' : undefined}
                onClick={() => pick({ campaignId: c.id, sessionId: null })}
              >
                <span className="campaign-item-title">{c.title}</span>
                <span className="campaign-item-count" aria-hidden="true">
                  {c.sessions.length}
                </span>
              </button>
              {c.sessions.length > 0 && (
                <ul className="session-list" aria-label={`Sessions of ${c.title}`}>
                  {c.sessions.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className={`session-item${s.id === sessionId ? ' active' : ''}`}
                        aria-current={s.id === sessionId ? 'true' : undefined}
                        onClick={() => pick({ campaignId: c.id, sessionId: s.id })}
                      >
                        <span className="session-item-title">{s.title}</span>
                        {STATUS_BADGE[s.status] && (
                          <span className={`status-badge status-${s.status.toLowerCase()}`}>
                            {STATUS_BADGE[s.status]}
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
