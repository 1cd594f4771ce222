import type { ReactNode } from 'react';

interface Props {
  /** The anchor the top bar's links jump to. */
  id: string;
  title: string;
  /** The tinted background that sets a section apart from its neighbours. */
  alt?: boolean;
  children: ReactNode;
}

/** A section of the landing page: its anchor, its heading and what it holds. */
export function LandingSection({ id, title, alt = false, children }: Props) {
  return (
    <section className={alt ? 'landing-section landing-section-alt' : 'landing-section'} id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
