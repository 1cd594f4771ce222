import { useId, useState } from 'react';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
}

interface Props extends FieldProps {
  visible: boolean;
}

/** A password input whose visibility is controlled by the form (one toggle can serve several fields). */
export function PasswordField({ label, value, onChange, visible, autoComplete, name }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        required
      />
    </div>
  );
}

/** The show/hide switch for the password fields of a form. */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="link-button password-toggle" aria-pressed={visible} onClick={onToggle}>
      {visible ? 'Hide password' : 'Show password'}
    </button>
  );
}

/** A form's password fields (a new one and its confirmation, say) shown or hidden together by one switch. */
export function PasswordFields({ fields }: { fields: FieldProps[] }) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      {fields.map((field) => (
        <PasswordField key={field.label} {...field} visible={visible} />
      ))}
      <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
    </>
  );
}
