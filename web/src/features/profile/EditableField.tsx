import { useId, type FormEvent } from 'react';
import type { FieldSpec } from './fields';

interface Props {
  spec: FieldSpec;
  /** What is shown when not editing (e.g. the language's label rather than its code). */
  display: string;
  editing: boolean;
  /** Another field is being edited: only one at a time (docs/product.md#states). */
  locked: boolean;
  draft: string;
  error: string | null;
  saving: boolean;
  languages: readonly { code: string; label: string }[];
  onEdit: () => void;
  onDraft: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** One account field: its value with an Edit button, or an input with Save and Cancel. */
export function EditableField(p: Props) {
  const id = useId();
  const errorId = `${id}-error`;

  function submit(e: FormEvent) {
    e.preventDefault();
    p.onSave();
  }

  if (!p.editing) {
    return (
      <div className="account-field">
        <span className="account-field-label" id={id}>
          {p.spec.label}
        </span>
        <span className="account-field-value" aria-labelledby={id}>
          {p.display || <span className="muted">Not set</span>}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={p.onEdit}
          disabled={p.locked}
          aria-label={`Edit ${p.spec.label}`}
        >
          Edit
        </button>
      </div>
    );
  }

  const common = {
    id,
    value: p.draft,
    disabled: p.saving,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': p.error ? errorId : undefined,
  };
  return (
    <form className="account-field account-field-editing" onSubmit={submit}>
      <label htmlFor={id} className="account-field-label">
        {p.spec.label}
      </label>
      <div className="account-field-input">
        {p.spec.kind === 'language' ? (
          <select {...common} onChange={(e) => p.onDraft(e.target.value)}>
            {p.languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={p.spec.kind}
            required={!p.spec.optional}
            onChange={(e) => p.onDraft(e.target.value)}
            autoFocus
          />
        )}
        {p.error && (
          <p className="field-error" id={errorId}>
            {p.error}
          </p>
        )}
      </div>
      <div className="account-field-actions">
        <button type="submit" className="button button-primary button-small" disabled={p.saving}>
          {p.saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={p.onCancel} disabled={p.saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
