import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { userError } from '../../lib/errors';
import { EditableField } from './EditableField';
import { EMAIL_IN_USE, FIELDS, type Account, type FieldKey, type FieldSpec } from './fields';
import { UpdateAccountFieldMutation } from './operations';

interface Props {
  account: Account;
  languages: readonly { code: string; label: string }[];
  editing: FieldKey | null;
  onEditingChange: (key: FieldKey | null) => void;
  /** Cancel reverts by reloading the account from the server (docs/product.md#states). */
  onReload: () => Promise<unknown>;
}

/** Account Management: one field editable at a time, Save posts that one field. */
export function AccountSection({ account, languages, editing, onEditingChange, onReload }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdateAccountFieldMutation);

  const value = (key: FieldKey) => account[key] ?? '';
  const display = (spec: FieldSpec) =>
    spec.kind === 'language'
      ? (languages.find((l) => l.code === account.languageCode)?.label ?? account.languageCode)
      : value(spec.key);

  const edit = (key: FieldKey) => {
    setDraft(value(key));
    setError(null);
    onEditingChange(key);
  };

  const save = async (spec: FieldSpec) => {
    setError(null);
    try {
      await update({ variables: { input: { field: spec.field, value: draft.trim() } } });
      onEditingChange(null);
    } catch (err) {
      const e = userError(err, 'Failed to update field');
      setError(
        spec.key === 'email' && (e.code === 'CONFLICT' || e.message.startsWith('Email already in use'))
          ? EMAIL_IN_USE
          : e.message,
      );
    }
  };

  const cancel = async () => {
    onEditingChange(null);
    setError(null);
    await onReload();
  };

  return (
    <section className="card profile-section" aria-labelledby="account-title">
      <h2 id="account-title">Account Management</h2>
      <div className="account-fields">
        {FIELDS.map((spec) => (
          <EditableField
            key={spec.key}
            spec={spec}
            display={display(spec)}
            editing={editing === spec.key}
            locked={editing !== null && editing !== spec.key}
            draft={draft}
            error={editing === spec.key ? error : null}
            saving={loading}
            languages={languages}
            onEdit={() => edit(spec.key)}
            onDraft={setDraft}
            onSave={() => void save(spec)}
            onCancel={() => void cancel()}
          />
        ))}
      </div>
    </section>
  );
}
