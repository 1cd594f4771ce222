import type { FormEvent, ReactNode } from 'react';
import './editor-form.css';

type Tone = 'primary' | 'secondary' | 'danger';

interface FormProps {
  /** The section's name in a dialog of several ('Rename Campaign'); a dialog of one needs none. */
  heading?: string;
  onSubmit: (e: FormEvent) => void;
  submitLabel: string;
  /** The button's label while the change is sent; the button is disabled meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  tone?: Tone;
  children: ReactNode;
}

/** One change in an editor dialog: its fields and the button that submits them. */
export function EditorForm({ heading, onSubmit, submitLabel, busyLabel, busy, disabled, tone, children }: FormProps) {
  return (
    <form className="editor-section" onSubmit={onSubmit} noValidate>
      {heading && <h3>{heading}</h3>}
      {children}
      <div className="dialog-actions">
        <button type="submit" className={`button button-${tone ?? 'primary'}`} disabled={busy || disabled}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

interface ConfirmProps {
  heading?: string;
  /** The question, e.g. 'Rename “A” to “B”?', and what the user should know before saying yes. */
  children: ReactNode;
  /** 'Back' returns to the form; 'Cancel' where there is no form to return to. */
  backLabel?: 'Back' | 'Cancel';
  onBack: () => void;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  tone?: Exclude<Tone, 'secondary'>;
  onConfirm: () => void;
}

/** The confirmation a change asks for before it is sent (docs/product.md#states). */
export function ConfirmStep({
  heading,
  children,
  backLabel = 'Back',
  onBack,
  confirmLabel,
  busyLabel,
  busy,
  tone = 'primary',
  onConfirm,
}: ConfirmProps) {
  return (
    <div className="editor-section">
      {heading && <h3>{heading}</h3>}
      {children}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          {backLabel}
        </button>
        <button type="button" className={`button button-${tone}`} disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </div>
  );
}
