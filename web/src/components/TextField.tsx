import type { ClipboardEvent, InputHTMLAttributes } from 'react';
import { Field } from './Field';
import { cutAtWord, lengthCounter } from './length-limit';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/**
 * A labelled input, with the error that is shown under it. With a maxLength it counts the
 * characters near the limit, and text pasted past the limit is cut at a word, not in one.
 */
export function TextField({ label, value, onChange, error, maxLength, ...rest }: Props) {
  function paste(e: ClipboardEvent<HTMLInputElement>) {
    if (!maxLength) return;
    const input = e.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const next = value.slice(0, start) + e.clipboardData.getData('text/plain') + value.slice(end);
    if (next.length <= maxLength) return;
    // The browser would cut the paste at the limit itself, mid-word.
    e.preventDefault();
    onChange(cutAtWord(next.replace(/[\r\n]+/g, ' '), maxLength));
  }

  return (
    <Field label={label} error={error} counter={lengthCounter(value, maxLength)}>
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onPaste={paste}
          maxLength={maxLength}
          {...rest}
        />
      )}
    </Field>
  );
}
