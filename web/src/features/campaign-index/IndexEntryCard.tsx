import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { IndexEntryFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';
import { KIND_LABELS } from './kinds';
import { IndexEntryMentionsQuery } from './operations';

interface Props {
  entry: IndexEntryFieldsFragment;
  owner: boolean;
  onEdit: () => void;
}

/** One entry: what it is, where it first and last came up, and every line that names it. */
export function IndexEntryCard({ entry, owner, onEdit }: Props) {
  const [open, setOpen] = useState(false);
  const seen =
    entry.firstSession && entry.lastSession && entry.firstSession.id !== entry.lastSession.id
      ? `First in ${entry.firstSession.title}, last in ${entry.lastSession.title}`
      : entry.firstSession
        ? `In ${entry.firstSession.title}`
        : null;
  return (
    <li className="index-entry">
      <header className="index-entry-header">
        <h3>{entry.name}</h3>
        <span className={`index-kind index-kind-${entry.kind.toLowerCase()}`}>{KIND_LABELS[entry.kind]}</span>
        {entry.gmOnly && <span className="index-flag">GM only</span>}
        {entry.hidden && <span className="index-flag">Hidden</span>}
        {owner && (
          <button type="button" className="button button-secondary button-small index-edit" onClick={onEdit}>
            <span aria-hidden="true">✎</span> Edit<span className="visually-hidden"> {entry.name}</span>
          </button>
        )}
      </header>
      {entry.description && <p className="index-description">{entry.description}</p>}
      {entry.notes && <p className="index-notes">{entry.notes}</p>}
      <p className="muted index-seen">
        {seen}
        {seen && ' · '}
        {entry.mentionCount === 1 ? '1 mention' : `${entry.mentionCount} mentions`}
        {entry.variants.length > 0 && ` · also “${entry.variants.join('”, “')}”`}
      </p>
      <details className="index-mentions" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Mentions</summary>
        {open && <Mentions entryId={entry.id} total={entry.mentionCount} />}
      </details>
    </li>
  );
}

/** The lines that name an entry, loaded when the reader opens them. */
function Mentions({ entryId, total }: { entryId: string; total: number }) {
  const { data, loading, error } = useQuery(IndexEntryMentionsQuery, { variables: { id: entryId } });
  if (error) return <p className="muted">The mentions could not be loaded.</p>;
  if (loading || !data) return <p className="muted">Loading…</p>;
  const mentions = data.indexEntry.mentions;
  return (
    <>
      <ol>
        {mentions.map((m) => (
          <li key={`${m.lineId}:${m.text}`}>
            <Link to={`/archive?transcript_id=${m.session.id}&t=${m.startMs}`}>
              {m.session.title} · {clock(m.startMs, { short: true })}
            </Link>{' '}
            <Highlighted text={m.lineText} name={m.text} />
          </li>
        ))}
      </ol>
      {total > mentions.length && <p className="muted">and {total - mentions.length} more</p>}
    </>
  );
}

/** The line with the first occurrence of the name in bold. */
function Highlighted({ text, name }: { text: string; name: string }) {
  const at = text.indexOf(name);
  if (at < 0) return <span>{text}</span>;
  return (
    <span>
      {text.slice(0, at)}
      <strong>{name}</strong>
      {text.slice(at + name.length)}
    </span>
  );
}
