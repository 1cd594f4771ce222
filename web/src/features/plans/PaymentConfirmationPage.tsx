import { useEffect, useState } from 'react';
import { Check } from 'lucide-react';
import { useQuery } from '@apollo/client/react';
import { monthlyAudioHours } from '@questlog/constants';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Logo } from '../../components/Logo';
import { displayName } from '../../lib/viewer';
import { takeCheckout } from './checkout-return';
import { hours, type ConfirmationState } from './format';
import { ConfirmationAccountQuery, PlanCatalogueQuery } from './operations';
import './plans.css';

/** docs/product.md#plans-and-limits: how long an unconfirmed return shows 'Processing Payment...'. */
const PROCESSING_DELAY_MS = 2000;
/** Stripe's webhook may land a moment after the buyer does; until then the account is asked again. */
const WEBHOOK_POLL_MS = 1500;

/**
 * /payment-confirmation: where a checkout returns (and self-hosted plan changes land). Without
 * success=true it shows the processing step first; it always ends in the success view (docs/product.md#routes).
 */
export function PaymentConfirmationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const location = useLocation();
  // Inside the app the state comes along; back from Stripe's page it was kept in the tab.
  const [state] = useState<ConfirmationState>(
    () => (location.state as ConfirmationState | null) ?? takeCheckout(planId) ?? {},
  );
  const [processing, setProcessing] = useState(params.get('success') !== 'true');
  const { data } = useQuery(PlanCatalogueQuery);
  const account = useQuery(ConfirmationAccountQuery, { fetchPolicy: 'network-only' });
  const me = account.data?.me;
  const awaitingStripe = me?.billingMode === 'stripe' && planId !== null && me.plan.id !== planId;
  const { startPolling, stopPolling } = account;

  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => setProcessing(false), PROCESSING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [processing]);

  useEffect(() => {
    if (!awaitingStripe) return;
    startPolling(WEBHOOK_POLL_MS);
    return () => stopPolling();
  }, [awaitingStripe, startPolling, stopPolling]);

  if (processing) return <LoadingScreen label="Processing Payment..." />;

  const plan = state.plan ?? data?.plans.find((p) => p.id === planId);
  const free = data?.plans.find((p) => p.id === 'free');
  const cycle = state.billingCycle ?? params.get('billing');
  const viewer = me ?? data?.me;
  const name = viewer ? displayName(viewer) : null;

  // Upgrades return to where the upgrade began; the picker itself was replaced in history.
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/dashboard'));

  return (
    <div className="plans-page">
      <header className="plans-topbar">
        <Logo to="/dashboard" />
      </header>
      <main className="confirmation card">
        <div className="confirmation-check" aria-hidden="true">
          <Check size={28} strokeWidth={3} />
        </div>
        <h1>{state.isUpgrade ? 'Upgrade Complete' : 'Welcome Aboard!'}</h1>
        {state.isUpgrade ? (
          <p>Your account has been upgraded successfully! Your new plan and its audio hours are ready to use.</p>
        ) : (
          <p>{name ? `Welcome to Questlog, ${name}!` : 'Welcome to Questlog!'} Your account is now active.</p>
        )}
        {viewer?.billingMode === 'self-hosted' && (
          <p className="notice self-hosted-notice">
            Self-hosted mode: the plan was applied directly; no card was charged.
          </p>
        )}
        {awaitingStripe && (
          <p className="muted" role="status">
            Waiting for Stripe to confirm the payment; your new plan applies in a moment.
          </p>
        )}
        <dl className="confirmation-details">
          <div>
            <dt>Plan</dt>
            <dd>{plan?.name ?? planId ?? '—'}</dd>
          </div>
          <div>
            <dt>Billing</dt>
            <dd>{cycle === 'annual' ? 'Annual' : 'Monthly'}</dd>
          </div>
          <div>
            <dt>Audio Hours</dt>
            <dd>{plan && free ? `${hours(monthlyAudioHours(plan, free))} per month` : '—'}</dd>
          </div>
        </dl>
        {state.isUpgrade ? (
          <button type="button" className="button button-primary" onClick={goBack}>
            Return to Dashboard
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => navigate('/dashboard')}>
            Go to Dashboard
          </button>
        )}
      </main>
    </div>
  );
}
