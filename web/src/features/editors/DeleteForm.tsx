import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/TextField';
import { EditorForm } from './EditorSection';

interface Props {
  noun: string;
  warning: ReactNode;
  /** Resolves false when the delete failed; the password is then cleared (docs/product.md#states). */
  onDelete: (password: string) => Promise<boolean>;
}

/** Deleting a campaign or session: the owner's password, nothing else (docs/product.md#states, #validation). */
export function DeleteForm({ noun, warning, onDelete }: Props) {
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
    <EditorForm
      heading={`Delete ${noun}`}
      onSubmit={(e) => void submit(e)}
      submitLabel={`Delete ${noun}`}
      busyLabel="Deleting..."
      busy={busy}
      tone="danger"
    >
      <p className="muted">{warning}</p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={error}
      />
    </EditorForm>
  );
}
