import { useQuery } from '@apollo/client/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Logo } from '../../components/Logo';
import { FreePlanCard } from './FreePlanCard';
import { PlanCatalogueQuery } from './operations';
import { PlanCard } from './PlanCard';
import { useChoosePlan } from './useChoosePlan';
import './plans.css';

const PAID_CARDS = ['beginner', 'standard', 'pro'];

/** /plan-select: the four cards of docs/product.md#routes, in upgrade or first-choice wording. */
export function PlanSelectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isUpgrade = (location.state as { isUpgrade?: boolean } | null)?.isUpgrade === true;
  const { data, loading, error: loadError } = useQuery(PlanCatalogueQuery, { fetchPolicy: 'cache-and-network' });
  const me = data?.me;
  const { choosePlan, switchToFree, busy, error } = useChoosePlan(isUpgrade, me?.email);

  if (loading && !data) return <LoadingScreen label="Loading plans…" />;
  const plans = data?.plans ?? [];
  const free = plans.find((p) => p.id === 'free');
  const addOn = plans.find((p) => p.id === 'qa_chatbot');
  const currentId = me?.plan.id;
  const currentCycle = me?.billingCycle === 'ANNUAL' ? 'annual' : me?.billingCycle === 'MONTHLY' ? 'monthly' : null;
  // A Stripe subscription is changed or cancelled in Stripe's portal, not bought a second time.
  const locked = me?.billingMode === 'stripe' && me.hasStripeSubscription;

  // Free needs no confirmation step; only an account on another plan has to be switched back first.
  const onFree = () => {
    if (free && currentId && currentId !== free.id) void switchToFree(free);
    else navigate('/dashboard');
  };

  return (
    <div className="plans-page">
      <header className="plans-topbar">
        <Logo to="/dashboard" />
        <Link to="/dashboard">Return to Dashboard</Link>
      </header>
      <main className="plans-main">
        <h1>{isUpgrade ? 'Upgrade Your Plan' : 'Choose Your Plan'}</h1>
        {isUpgrade && (
          <p className="plans-lead">Select a plan to unlock more features and increase your audio processing limits.</p>
        )}
        {params.get('canceled') === 'true' && (
          <p className="notice notice-error" role="alert">
            Payment was canceled. You can try again or select a different plan.
          </p>
        )}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {loadError && !data && (
          <p className="notice notice-error" role="alert">
            Failed to load plans. Please reload the page.
          </p>
        )}
        {me?.billingMode === 'self-hosted' && (
          <p className="notice self-hosted-notice">
            <strong>Self-hosted mode:</strong> plans apply immediately, no card is charged.
          </p>
        )}
        {locked && (
          <p className="notice self-hosted-notice">
            You already have a subscription. Change or cancel it with{' '}
            <Link to="/profile">Manage Subscription on your profile</Link>.
          </p>
        )}
        <div className="plan-grid">
          {free && (
            <FreePlanCard
              free={free}
              addOn={addOn}
              currentId={currentId}
              busy={busy}
              locked={locked}
              onFree={onFree}
              onChoose={choosePlan}
            />
          )}
          {PAID_CARDS.map((id) => plans.find((p) => p.id === id))
            .filter((p) => p !== undefined)
            .map((p) => (
              <PlanCard
                key={p.id}
                plan={p}
                current={currentId === p.id}
                currentCycle={currentId === p.id ? currentCycle : null}
                busy={busy}
                locked={locked}
                onChoose={choosePlan}
              />
            ))}
        </div>
      </main>
    </div>
  );
}
