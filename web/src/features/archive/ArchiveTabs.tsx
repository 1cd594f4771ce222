export type Tab = 'mine' | 'shared';

const TABS: { id: Tab; label: string }[] = [
  { id: 'mine', label: 'My Archive' },
  { id: 'shared', label: 'Shared with me' },
];

/** 'My Archive' and 'Shared with me' (spec section 2). */
export function ArchiveTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
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
          onClick={() => tab !== t.id && onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
