import { useId, useState, type FormEvent } from 'react';

interface Props {
  session: string;
  /** The caller's own campaigns other than the session's current one. */
  targets: readonly { id: string; title: string }[];
  onMove: (campaignId: string) => Promise<boolean>;
}

/** Move a session to another own campaign, with a confirmation (spec section 4). */
export function MoveForm({ session, targets, onMove }: Props) {
  const id = useId();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const targetTitle = targets.find((t) => t.id === target)?.title ?? '';

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!target) {
      setError('Please select a campaign');
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    const done = await onMove(target);
    setBusy(false);
    if (!done) setConfirming(false);
  }

  if (confirming) {
    return (
      <div className="editor-section">
        <h3>Move Session</h3>
        <p>
          Move “{session}” to “{targetTitle}”?
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            Back
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Moving...' : 'Confirm Move'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="editor-section" onSubmit={ask} noValidate>
      <h3>Move Session</h3>
      <div className="field">
        <label htmlFor={id}>Move to campaign</label>
        <select
          id={id}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">Select a campaign</option>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {targets.length === 0 && <p className="muted">Create another campaign on the Dashboard to move sessions.</p>}
      <div className="dialog-actions">
        <button type="submit" className="button button-secondary">
          Move Session
        </button>
      </div>
    </form>
  );
}
