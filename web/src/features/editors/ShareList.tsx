import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { attempt } from '../../lib/attempt';
import { CampaignSharesQuery, RevokeShareMutation } from './operations';
import { ConfirmStep } from './EditorSection';

const DATE = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const day = (iso: unknown) => (typeof iso === 'string' ? DATE.format(new Date(iso)) : '—');

interface Props {
  campaign: { id: string; title: string };
  /** Told while a removal waits for its confirmation, so the dialog shows only that question. */
  onConfirming: (confirming: boolean) => void;
}

/** The owner's list of who has access to a campaign, each with Remove (after a confirmation). */
export function ShareList({ campaign, onConfirming }: Props) {
  // Read afresh on every opening: a recipient may have opened it, or been added elsewhere.
  const { data, loading, error } = useQuery(CampaignSharesQuery, {
    variables: { id: campaign.id },
    fetchPolicy: 'cache-and-network',
  });
  const [revoke, { loading: revoking }] = useMutation(RevokeShareMutation, { refetchQueries: [CampaignSharesQuery] });
  const [removing, setRemoving] = useState<{ id: string; email: string } | null>(null);
  const shares = data?.campaign.shares ?? [];

  const ask = (next: { id: string; email: string } | null) => {
    setRemoving(next);
    onConfirming(next !== null);
  };

  if (removing) {
    const confirm = () =>
      void attempt(
        () => revoke({ variables: { shareId: removing.id }, awaitRefetchQueries: true }),
        `${removing.email} no longer has access`,
        'Failed to remove access',
        () => ask(null),
      );
    return (
      <ConfirmStep
        heading="Remove access"
        backLabel="Cancel"
        onBack={() => ask(null)}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={revoking}
        tone="danger"
        onConfirm={confirm}
      >
        <p>
          Remove {removing.email}’s access to “{campaign.title}”?
        </p>
        <p className="muted">They will no longer be able to read it, starting now, unless you share it again.</p>
      </ConfirmStep>
    );
  }

  return (
    <section className="editor-section" aria-labelledby="share-list-title">
      <h3 id="share-list-title">People with access</h3>
      {error && !data ? (
        <p className="field-error">Failed to fetch who has access</p>
      ) : loading && !data ? (
        <p className="muted">Loading…</p>
      ) : shares.length === 0 ? (
        <p className="muted">Only you. Share it below to let your players read it.</p>
      ) : (
        <ul className="share-list">
          {shares.map((s) => (
            <li key={s.id} className="share-row">
              <div className="share-who">
                <span className="share-email">{s.recipientEmail}</span>
                <span className="muted share-since">
                  since {day(s.createdAt)}
                  {s.seenAt ? ' · opened' : ' · not opened yet'}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Remove ${s.recipientEmail}`}
                onClick={() => ask({ id: s.id, email: s.recipientEmail })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
