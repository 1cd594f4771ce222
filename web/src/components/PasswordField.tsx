import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
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
