import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import type { IndexEntryFieldsFragment as Entry, IndexEntryKind } from '../../gql/graphql';
import { useErrorToast } from '../../lib/useErrorToast';
import { IndexEntryCard } from './IndexEntryCard';
import { IndexEntryDialog } from './IndexEntryDialog';
import { KIND_LABELS, KINDS } from './kinds';
import { CampaignIndexQuery } from './operations';
import { Recap } from './Recap';
import './campaign-index.css';

/**
 * A campaign's index (issue 15): the people, places and things its sessions name, each with the
 * lines that name it. The owner corrects kinds, renames, merges, hides and keeps entries GM-only;
 * recipients read what the api lets them (never hidden or GM-only entries).
 */
export function CampaignIndex({ campaignId, owner }: { campaignId: string; owner: boolean }) {
  const [includeHidden, setIncludeHidden] = useState(false);
  const [filter, setFilter] = useState('');
  const [kind, setKind] = useState<IndexEntryKind | ''>('');
  const [editing, setEditing] = useState<string | null>(null);
  const { data, loading, error } = useQuery(CampaignIndexQuery, {
    variables: { id: campaignId, includeHidden: owner && includeHidden },
    fetchPolicy: 'cache-and-network',
  });
  useErrorToast(error ? 'Failed to load the index' : null);
  const entries: readonly Entry[] = data?.campaign.index ?? NONE;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return entries.filter(
      (e) =>
        (!kind || e.kind === kind) &&
        (!needle || e.name.toLowerCase().includes(needle) || e.variants.some((v) => v.toLowerCase().includes(needle))),
    );
  }, [entries, filter, kind]);
  const open = entries.find((e) => e.id === editing) ?? null;

  return (
    <div className="campaign-index">
      <Recap campaignId={campaignId} />
      <div className="index-toolbar">
        <input
          type="search"
          className="index-filter"
          placeholder="Filter names"
          aria-label="Filter names"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value as IndexEntryKind | '')}>
          <option value="">All kinds</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {owner && (
          <label className="index-hidden-toggle">
            <input type="checkbox" checked={includeHidden} onChange={(e) => setIncludeHidden(e.target.checked)} /> Show
            hidden
          </label>
        )}
      </div>
      {loading && !data ? (
        <p className="muted">Loading the index…</p>
      ) : entries.length === 0 ? (
        <p className="muted">
          No names yet. The index lists the people, places and things your sessions mention once they are processed.
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">No entry matches.</p>
      ) : (
        <ul className="index-entries" aria-label="Index">
          {shown.map((entry: Entry) => (
            <IndexEntryCard key={entry.id} entry={entry} owner={owner} onEdit={() => setEditing(entry.id)} />
          ))}
        </ul>
      )}
      {open && (
        <IndexEntryDialog
          entry={open}
          others={entries.filter((e) => e.id !== open.id)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

const NONE: readonly Entry[] = [];
