import { useId, useState, type FormEvent } from 'react';

interface Props {
  /** 'Campaign' or 'Session': names the input and the buttons. */
  noun: string;
  current: string;
  onRename: (title: string) => Promise<boolean>;
}

/** Rename via input, then a confirmation, then done (spec section 4). */
export function RenameForm({ noun, current, onRename }: Props) {
  const id = useId();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter a valid name');
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    setBusy(true);
    const done = await onRename(name.trim());
    setBusy(false);
    if (!done) setConfirming(false);
  }

  if (confirming) {
    return (
      <div className="editor-section">
        <h3>Rename {noun}</h3>
        <p>
          Rename “{current}” to “{name.trim()}”?
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            Back
          </button>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Renaming...' : 'Confirm Rename'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="editor-section" onSubmit={ask} noValidate>
      <h3>Rename {noun}</h3>
      <div className="field">
        <label htmlFor={id}>{noun} name</label>
        <input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button button-primary">
          Rename {noun}
        </button>
      </div>
    </form>
  );
}
