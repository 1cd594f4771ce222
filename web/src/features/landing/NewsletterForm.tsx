import { useId, useState, type FormEvent } from 'react';
import { useSubscribe } from './useSubscribe';

interface Props {
  /** Names the form for assistive technology; several forms share the page. */
  label: string;
  buttonText?: string;
  tone?: 'light' | 'dark';
}

/** One of the landing page's sign-up forms: input and button are disabled while subscribing. */
export function NewsletterForm({ label, buttonText = 'Notify Me', tone = 'light' }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const { submit, subscribing } = useSubscribe();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (await submit(email)) setEmail('');
  }

  return (
    // noValidate: the spec's own messages replace the browser's bubbles.
    <form className={`newsletter newsletter-${tone}`} onSubmit={onSubmit} noValidate aria-label={label}>
      <label htmlFor={id} className="visually-hidden">
        Email address
      </label>
      <input
        id={id}
        type="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={subscribing}
        autoComplete="email"
      />
      <button type="submit" className="button button-accent" disabled={subscribing}>
        {subscribing ? 'Subscribing...' : buttonText}
      </button>
    </form>
  );
}
