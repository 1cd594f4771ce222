import { hours, price, type Cycle, type Plan } from './format';

interface Props {
  free: Plan;
  addOn: Plan | undefined;
  current: boolean;
  busy: string | null;
  onFree: () => void;
  onChoose: (plan: Plan, cycle: Cycle) => void;
}

/** Free / Viewer, with the Q&A Chatbot Access add-on embedded (spec section 2). */
export function FreePlanCard({ free, addOn, current, busy, onFree, onChoose }: Props) {
  return (
    <article className={`plan-card${current ? ' plan-card-current' : ''}`} aria-label={free.name}>
      <header>
        <h2>{free.name}</h2>
        {current && <span className="badge">Current plan</span>}
      </header>
      <p className="plan-price">
        {price(free.monthlyPrice)}
        <span>/mo</span>
      </p>
      <ul className="plan-perks">
        <li>
          <strong>{hours(free.audioHours)}</strong> of audio per month
        </li>
        <li>Read campaigns shared with you</li>
      </ul>
      <div className="plan-actions">
        <button type="button" className="button button-primary" disabled={busy !== null} onClick={onFree}>
          {busy === 'free' ? 'Applying...' : 'Create Free Account'}
        </button>
      </div>
      {addOn && (
        <section className="plan-addon" aria-label={`${addOn.name} add-on`}>
          <h3>Add-on: {addOn.name}</h3>
          <p>
            Ask the AI chatbot about your sessions and campaigns for {price(addOn.monthlyPrice)}/mo (monthly only, no
            audio hours).
          </p>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => onChoose(addOn, 'monthly')}
          >
            {busy === `${addOn.id}:monthly` ? 'Applying...' : `Add Q&A Access · ${price(addOn.monthlyPrice)}/mo`}
          </button>
        </section>
      )}
    </article>
  );
}
