import { hours, price, type Cycle, type Plan } from './format';

interface Props {
  plan: Plan;
  current: boolean;
  busy: string | null;
  onChoose: (plan: Plan, cycle: Cycle) => void;
}

const PAID_PERKS = [
  'Unlimited transcription and summarization',
  'Unlimited campaign organization',
  'Q&A chatbot access',
];

/** A paid plan: monthly and annual buttons (annual is advertised as a 25% saving). */
export function PlanCard({ plan, current, busy, onChoose }: Props) {
  const label = (cycle: Cycle) => (busy === `${plan.id}:${cycle}` ? 'Applying...' : null);
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
        <button
          type="button"
          className="button button-primary"
          disabled={busy !== null}
          onClick={() => onChoose(plan, 'monthly')}
        >
          {label('monthly') ?? `Monthly · ${price(plan.monthlyPrice)}/mo`}
        </button>
        {plan.annualPrice != null && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => onChoose(plan, 'annual')}
          >
            {label('annual') ?? `Annual · ${price(plan.annualPrice)}/yr`}
          </button>
        )}
      </div>
    </article>
  );
}
