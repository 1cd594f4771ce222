import { useShareBadge } from './useShareBadge';
import './archive-tabs.css';

export type Tab = 'mine' | 'shared';

const TABS: { id: Tab; label: string }[] = [
  { id: 'mine', label: 'My Archive' },
  { id: 'shared', label: 'Shared with me' },
];

/** 'My Archive' and 'Shared with me' (docs/product.md#routes), the latter counting the shares not opened yet. */
export function ArchiveTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const unseen = useShareBadge();
  const badge = (id: Tab) => id === 'shared' && unseen > 0;
  return (
    <div className="archive-tabs" role="tablist" aria-label="Archive">
      {TABS.map((t) => (
        <button
          key={t.id}
          id={`archive-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          className={`archive-tab${tab === t.id ? ' active' : ''}`}
          aria-label={badge(t.id) ? `${t.label}, ${unseen} new` : undefined}
          onClick={() => tab !== t.id && onChange(t.id)}
        >
          {t.label}
          {/* A space, so the visible text reads as the start of its name ("Shared with me, 1 new"). */}
          {badge(t.id) && ' '}
          {badge(t.id) && (
            <span className="tab-badge" aria-hidden="true">
              {unseen}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
