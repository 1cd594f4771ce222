import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CampaignExportMenu, CampaignIndex } from '../campaign-index';
import { CampaignEditorDialog, RemoveSharedDialog, SessionEditorDialog, ShareDialog } from '../editors';
import { ContentView } from './ContentView';
import { VoicesPanel } from '../voices';
import type { ArchiveCampaign } from './archive-campaign';
import type { Selection } from '../../lib/useArchiveSelection';

interface Props {
  campaign: ArchiveCampaign;
  /** Set on the 'Shared with me' tab: the share a recipient may remove. */
  shareId: string | null;
  session: ArchiveCampaign['sessions'][number] | null;
  /** The caller's own campaigns, the targets of a move. */
  ownCampaigns: readonly { id: string; title: string }[];
  onSelect: (selection: Selection) => void;
}

type Open = 'campaign' | 'session' | 'share' | 'remove' | null;

/**
 * The main panel: the selected session or campaign with the actions its role allows. Recipients
 * get no edit, rename, move, delete or share control at all (docs/product.md#roles), not disabled ones.
 */
export function ContentPanel({ campaign, shareId, session, ownCampaigns, onSelect }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const owner = campaign.role === 'OWNER';
  const close = () => setOpen(null);
  // A campaign shows its summaries or its index (`view=index` in the URL, so it can be linked).
  const [params, setParams] = useSearchParams();
  const showIndex = !session && params.get('view') === 'index';
  const showPanel = (index: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (index) next.set('view', 'index');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );

  return (
    <section className="content-panel card" aria-labelledby="content-title">
      <header className="content-header">
        <div>
          <h2 id="content-title">{session ? session.title : campaign.title}</h2>
          <p className="muted">
            {session ? `Session in ${campaign.title}` : showIndex ? 'Campaign index' : 'Campaign summaries'}
            {!owner && <span className="read-only-badge">Read-only</span>}
          </p>
        </div>
        <div className="content-header-actions">
          {owner && session && (
            <button type="button" className="button button-secondary button-small" onClick={() => setOpen('session')}>
              Edit Session
            </button>
          )}
          {owner && !session && (
            <>
              <button type="button" className="button button-secondary button-small" onClick={() => setOpen('share')}>
                Share Campaign
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setOpen('campaign')}
              >
                Edit Campaign
              </button>
            </>
          )}
          {!session && <CampaignExportMenu campaignId={campaign.id} />}
          {shareId && !session && (
            <button type="button" className="button button-danger button-small" onClick={() => setOpen('remove')}>
              Remove from Shared
            </button>
          )}
        </div>
      </header>

      {!session && (
        <div className="panel-switch view-buttons" role="group" aria-label="Campaign">
          {[
            ['Summaries', false],
            ['Index', true],
          ].map(([label, index]) => (
            <button
              key={String(label)}
              type="button"
              className={`view-button${showIndex === index ? ' active' : ''}`}
              aria-pressed={showIndex === index}
              onClick={() => showPanel(Boolean(index))}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {owner && session && <VoicesPanel key={session.id} sessionId={session.id} campaignId={campaign.id} />}
      {showIndex ? (
        <CampaignIndex campaignId={campaign.id} owner={owner} />
      ) : (
        <ContentView
          target={session ? { kind: 'session', id: session.id } : { kind: 'campaign', id: campaign.id }}
          title={session ? session.title : campaign.title}
          readOnly={!owner}
          sessions={campaign.sessions}
        />
      )}

      {open === 'campaign' && (
        <CampaignEditorDialog campaign={campaign} onClose={close} onDeleted={() => onSelect(NOTHING)} />
      )}
      {open === 'share' && <ShareDialog campaign={campaign} onClose={close} />}
      {open === 'remove' && shareId && (
        <RemoveSharedDialog
          shareId={shareId}
          title={campaign.title}
          onClose={close}
          onRemoved={() => onSelect(NOTHING)}
        />
      )}
      {open === 'session' && session && (
        <SessionEditorDialog
          session={session}
          targets={ownCampaigns.filter((c) => c.id !== campaign.id)}
          onClose={close}
          onMoved={(campaignId) => onSelect({ campaignId, sessionId: session.id })}
          onDeleted={() => onSelect({ campaignId: campaign.id, sessionId: null })}
        />
      )}
    </section>
  );
}

const NOTHING: Selection = { campaignId: null, sessionId: null };
