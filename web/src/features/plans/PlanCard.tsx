import { hours, price, type Cycle, type Plan } from './format';

interface Props {
  plan: Plan;
  current: boolean;
  /** The account's cycle when this is its plan: that button has nothing left to buy. */
  currentCycle: Cycle | null;
  busy: string | null;
  locked: boolean;
  onChoose: (plan: Plan, cycle: Cycle) => void;
}

const PAID_PERKS = [
  'Unlimited transcription and summarization',
  'Unlimited campaign organization',
  'Q&A chatbot access',
];

/** A paid plan: monthly and annual buttons (annual is advertised as a 25% saving). */
export function PlanCard({ plan, current, currentCycle, busy, locked, onChoose }: Props) {
  const isCurrent = (cycle: Cycle) => current && currentCycle === cycle;
  const label = (cycle: Cycle, text: string) =>
    busy === `${plan.id}:${cycle}` ? 'Processing...' : isCurrent(cycle) ? `Your current plan (${cycle})` : text;
  const button = (cycle: Cycle, className: string, text: string) => (
    <button
      type="button"
      className={`button ${className}`}
      disabled={busy !== null || locked || isCurrent(cycle)}
      onClick={() => onChoose(plan, cycle)}
    >
      {label(cycle, text)}
    </button>
  );
  return (
    <article className={`plan-card${current ? ' plan-card-current' : ''}`} aria-label={plan.name}>
      <header>
        <h2>{plan.name}</h2>
        {current && <span className="badge">Current plan</span>}
      </header>
      <p className="plan-price">
        {price(plan.monthlyPrice)}
        <span>/mo</span>
      </p>
      {plan.annualMonthlyPrice != null && plan.annualPrice != null && (
        <p className="plan-annual">
          or {price(plan.annualMonthlyPrice)}/mo billed annually ({price(plan.annualPrice)}/yr) — save 25%
        </p>
      )}
      <ul className="plan-perks">
        <li>
          <strong>{hours(plan.audioHours)}</strong> of audio per month
        </li>
        {PAID_PERKS.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <div className="plan-actions">
        {button('monthly', 'button-primary', `Monthly · ${price(plan.monthlyPrice)}/mo`)}
        {plan.annualPrice != null && button('annual', 'button-secondary', `Annual · ${price(plan.annualPrice)}/yr`)}
      </div>
    </article>
  );
}
