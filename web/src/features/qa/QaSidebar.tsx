import type { SessionStatus } from '../../gql/graphql';
import type { QaCampaign } from './campaign-lists';

interface Props {
  own: readonly QaCampaign[];
  shared: readonly QaCampaign[];
  loading: boolean;
  campaignId: string | null;
  sessionId: string | null;
  /** Below 768 px the list is an overlay the 'View Campaigns' button opens. */
  open: boolean;
  onClose: () => void;
  onSelect: (selection: { campaignId: string; sessionId: string | null }) => void;
}

const STATUS_BADGE: Partial<Record<SessionStatus, string>> = { PROCESSING: 'Processing', FAILED: 'Failed' };

/** My campaigns and Shared campaigns with their sessions: a campaign or a session is the chat's scope. */
export function QaSidebar({ own, shared, loading, campaignId, sessionId, open, onClose, onSelect }: Props) {
  const pick = (selection: { campaignId: string; sessionId: string | null }) => {
    onSelect(selection);
    onClose();
  };

  const group = (title: string, campaigns: readonly QaCampaign[], empty: string) => (
    <section className="qa-group" aria-label={title}>
      <h2>{title}</h2>
      {campaigns.length === 0 ? (
        <p className="qa-group-empty muted">{loading ? 'Loading…' : empty}</p>
      ) : (
        <ul className="qa-campaigns">
          {campaigns.map((c) => {
            const active = c.id === campaignId && !sessionId;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className={`qa-campaign${active ? ' active' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => pick({ campaignId: c.id, sessionId: null })}
                >
                  {c.title}
                </button>
                {c.sessions.length > 0 && (
                  <ul className="qa-sessions" aria-label={`Sessions of ${c.title}`}>
                    {c.sessions.map((s) => (
                      <li key={s.id}>
                        <button
                          type="button"
                          className={`qa-session${s.id === sessionId ? ' active' : ''}`}
                          aria-current={s.id === sessionId ? 'true' : undefined}
                          onClick={() => pick({ campaignId: c.id, sessionId: s.id })}
                        >
                          <span>{s.title}</span>
                          {STATUS_BADGE[s.status] && <span className="qa-badge">{STATUS_BADGE[s.status]}</span>}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  return (
    <>
      {open && <div className="qa-backdrop" onClick={onClose} aria-hidden="true" />}
      <nav className={`qa-sidebar${open ? ' open' : ''}`} aria-label="Campaigns">
        <button type="button" className="icon-button qa-sidebar-close" aria-label="Close campaigns" onClick={onClose}>
          ✕
        </button>
        {group('My campaigns', own, 'No campaigns yet.')}
        {group('Shared campaigns', shared, 'Nothing shared with you yet.')}
      </nav>
    </>
  );
}
