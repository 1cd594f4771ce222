import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import type { IndexEntryFieldsFragment, IndexEntryKind } from '../../gql/graphql';
import { attempt } from '../../lib/attempt';
import { KIND_LABELS, KINDS } from './kinds';
import { CampaignIndexQuery, MergeIndexEntryMutation, UpdateIndexEntryMutation } from './operations';

interface Props {
  entry: IndexEntryFieldsFragment;
  /** The entries it may be merged into. */
  others: readonly IndexEntryFieldsFragment[];
  onClose: () => void;
}

/** The owner's editor for one entry: name, kind, notes, GM-only, hidden; or merge it into another. */
export function IndexEntryDialog({ entry, others, onClose }: Props) {
  const [name, setName] = useState(entry.name);
  const [kind, setKind] = useState<IndexEntryKind>(entry.kind);
  const [notes, setNotes] = useState(entry.notes);
  const [gmOnly, setGmOnly] = useState(entry.gmOnly);
  const [hidden, setHidden] = useState(entry.hidden);
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const refetchQueries = [CampaignIndexQuery];
  const [update] = useMutation(UpdateIndexEntryMutation, { refetchQueries });
  const [merge] = useMutation(MergeIndexEntryMutation, { refetchQueries, awaitRefetchQueries: true });

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const input = {
      ...(name.trim() !== entry.name && { name: name.trim() === entry.foundName ? null : name }),
      ...(kind !== entry.kind && { kind }),
      ...(notes !== entry.notes && { notes }),
      ...(gmOnly !== entry.gmOnly && { gmOnly }),
      ...(hidden !== entry.hidden && { hidden }),
    };
    if (Object.keys(input).length === 0) onClose();
    else
      await attempt(
        () => update({ variables: { id: entry.id, input } }),
        'Entry saved',
        'Failed to save the entry',
        onClose,
      );
    setBusy(false);
  }

  async function mergeInto(e: FormEvent) {
    e.preventDefault();
    const target = others.find((o) => o.id === into);
    if (!target) return;
    setBusy(true);
    await attempt(
      () => merge({ variables: { id: entry.id, intoId: target.id } }),
      `${entry.name} merged into ${target.name}`,
      'Failed to merge the entries',
      onClose,
    );
    setBusy(false);
  }

  return (
    <Dialog title={`Edit ${entry.name}`} onClose={onClose}>
      <form className="index-entry-form" onSubmit={(e) => void save(e)}>
        <Field label="Name" hint={entry.foundName !== entry.name ? `Found as “${entry.foundName}”` : undefined}>
          {(control) => <input {...control} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Kind">
          {(control) => (
            <select {...control} value={kind} onChange={(e) => setKind(e.target.value as IndexEntryKind)}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Notes">
          {(control) => (
            <textarea {...control} value={notes} rows={4} maxLength={5000} onChange={(e) => setNotes(e.target.value)} />
          )}
        </Field>
        <label className="checkbox-row">
          <input type="checkbox" checked={gmOnly} onChange={(e) => setGmOnly(e.target.checked)} /> GM only (players
          never see it)
        </label>
        <label className="checkbox-row">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hidden (not a name
          worth keeping)
        </label>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      {others.length > 0 && (
        <form className="index-merge-form" onSubmit={(e) => void mergeInto(e)}>
          <Field label="Merge into" hint="The same person, place or thing under another name: its mentions move there.">
            {(control) => (
              <select {...control} value={into} onChange={(e) => setInto(e.target.value)}>
                <option value="">Choose an entry</option>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="dialog-actions">
            <button type="submit" className="button button-secondary" disabled={busy || !into}>
              Merge
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
