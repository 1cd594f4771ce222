import { ChevronRight } from 'lucide-react';
import type { SessionStatus } from '../gql/graphql';
import { playedOnLabel } from '../lib/played-on';
import type { SidebarCampaign, SidebarSelection } from './campaign-sidebar.types';

interface Props {
  campaign: SidebarCampaign;
  /** The sessions to list (a search may show only some). */
  sessions: readonly SidebarCampaign['sessions'][number][];
  expanded: boolean;
  counts: boolean | undefined;
  campaignId: string | null;
  sessionId: string | null;
  onToggle: () => void;
  onPick: (selection: SidebarSelection) => void;
}

const STATUS_BADGE: Partial<Record<SessionStatus, string>> = { PROCESSING: 'Processing', FAILED: 'Failed' };

/** One campaign of the sidebar: select it, open or close its sessions, select one of them. */
export function CampaignEntry({
  campaign: c,
  sessions,
  expanded,
  counts,
  campaignId,
  sessionId,
  onToggle,
  onPick,
}: Props) {
  const active = c.id === campaignId && !sessionId;
  const listId = `sessions-${c.id}`;
  const titleId = `campaign-title-${c.id}`;
  const hasSessions = sessions.length > 0;
  return (
    <li>
      <div className="campaign-row">
        {hasSessions ? (
          <button
            type="button"
            className={`campaign-toggle${expanded ? ' expanded' : ''}`}
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            // The campaign's name describes rather than names it, so 'Older Tales' finds the campaign alone.
            aria-label={expanded ? 'Hide sessions' : 'Show sessions'}
            aria-describedby={titleId}
            onClick={onToggle}
          >
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        ) : (
          <span className="campaign-toggle-space" aria-hidden="true" />
        )}
        <button
          type="button"
          className={`campaign-item${active ? ' active' : ''}`}
          aria-current={active ? 'true' : undefined}
          // The title is clamped to two lines; the whole of it shows on hover and is the button's name.
          title={c.title}
          onClick={() => onPick({ campaignId: c.id, sessionId: null })}
        >
          <span id={titleId} className="campaign-item-title">
            {c.title}
          </span>
          {counts && (
            <span className="campaign-item-count" aria-hidden="true">
              {c.sessions.length}
            </span>
          )}
        </button>
      </div>
      {hasSessions && expanded && (
        <ul id={listId} className="session-list" aria-label={`Sessions of ${c.title}`}>
          {sessions.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={`session-item${s.id === sessionId ? ' active' : ''}`}
                aria-current={s.id === sessionId ? 'true' : undefined}
                title={s.title}
                onClick={() => onPick({ campaignId: c.id, sessionId: s.id })}
              >
                <span className="session-item-title">{s.title}</span>
                <span className="session-item-meta">
                  <time dateTime={s.playedOn}>{playedOnLabel(s.playedOn)}</time>
                  {STATUS_BADGE[s.status] && (
                    <span className={`status-badge status-${s.status.toLowerCase()}`}>{STATUS_BADGE[s.status]}</span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
