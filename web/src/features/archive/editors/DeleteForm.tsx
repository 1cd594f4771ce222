import { useId, useState, type FormEvent, type ReactNode } from 'react';

interface Props {
  noun: string;
  warning: ReactNode;
  /** Resolves false when the delete failed; the password is then cleared (spec section 4). */
  onDelete: (password: string) => Promise<boolean>;
}

/** Deleting a campaign or session: the owner's password, nothing else (spec sections 4 and 5). */
export function DeleteForm({ noun, warning, onDelete }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setError('Please enter your password');
      return;
    }
    setError(null);
    setBusy(true);
    const done = await onDelete(password);
    setBusy(false);
    if (!done) setPassword('');
  }

  return (
    <form className="editor-section editor-danger" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Delete {noun}</h3>
      <p className="muted">{warning}</p>
      <div className="field">
        <label htmlFor={id}>Password</label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
        <button type="submit" className="button button-danger" disabled={busy}>
          {busy ? 'Deleting...' : `Delete ${noun}`}
        </button>
      </div>
    </form>
  );
}
