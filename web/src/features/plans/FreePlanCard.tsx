import { hours, price, type Cycle, type Plan } from './format';

interface Props {
  free: Plan;
  addOn: Plan | undefined;
  currentId: string | undefined;
  busy: string | null;
  locked: boolean;
  onFree: () => void;
  onChoose: (plan: Plan, cycle: Cycle) => void;
}

/**
 * Free / Viewer, with the Q&A Chatbot Access add-on embedded (docs/product.md#routes). Everyone here is
 * signed in and already has a free account, so its button continues with it (or, from a paid
 * plan, switches back) rather than offering to create one.
 */
export function FreePlanCard({ free, addOn, currentId, busy, locked, onFree, onChoose }: Props) {
  const current = currentId === free.id;
  const onAddOn = addOn !== undefined && currentId === addOn.id;
  const disabled = busy !== null || locked;
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
        <button type="button" className="button button-primary" disabled={disabled} onClick={onFree}>
          {busy === `${free.id}:monthly`
            ? 'Applying...'
            : current || !currentId
              ? 'Continue with Free'
              : 'Switch to Free'}
        </button>
      </div>
      {addOn && (
        <section className={`plan-addon${onAddOn ? ' plan-addon-current' : ''}`} aria-label={`${addOn.name} add-on`}>
          <h3>
            Add-on: {addOn.name}
            {onAddOn && <span className="badge">Current plan</span>}
          </h3>
          <p>
            Ask the AI chatbot about your sessions and campaigns for {price(addOn.monthlyPrice)}/mo (monthly only, no
            audio hours).
          </p>
          <button
            type="button"
            className="button button-secondary"
            disabled={disabled || onAddOn}
            onClick={() => onChoose(addOn, 'monthly')}
          >
            {busy === `${addOn.id}:monthly`
              ? 'Processing...'
              : onAddOn
                ? 'Your current plan'
                : `Add Q&A Access · ${price(addOn.monthlyPrice)}/mo`}
          </button>
        </section>
      )}
    </article>
  );
}
