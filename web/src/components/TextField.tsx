import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** A labelled input, with the error that is shown under it. */
export function TextField({ label, value, onChange, error, ...rest }: Props) {
  return (
    <Field label={label} error={error}>
      {(control) => <input {...control} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />}
    </Field>
  );
}
