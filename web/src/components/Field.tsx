import { useId, type ReactNode } from 'react';
import './field.css';

/** What ties a control to its label, hint and error; spread it onto the input, select or textarea. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: string;
  /** Shown under the control, announced, and marks the control invalid. */
  error?: string | null;
  hint?: string;
  /** How much of a length limit is used ("180/200"), shown under the control near the limit. */
  counter?: string | null;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and error, so screen readers and tests find it by name. */
export function Field({ label, error, hint, counter, children }: Props) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, counter && `${id}-counter`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {counter && (
        <p id={`${id}-counter`} className="field-counter">
          {counter}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
