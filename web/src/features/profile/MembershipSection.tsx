import { useNavigate } from 'react-router-dom';
import { UpgradeButton } from '../../components/UpgradeButton';
import type { Account } from './fields';

/**
 * Membership: the current plan. Subscribers get 'Manage Subscription'; with self-hosted billing
 * there is no external billing portal, so it opens the plan picker in upgrade mode instead.
 */
export function MembershipSection({ account }: { account: Account }) {
  const navigate = useNavigate();
  const cycle = account.billingCycle === 'ANNUAL' ? 'Annual' : account.billingCycle === 'MONTHLY' ? 'Monthly' : null;
  return (
    <section className="card profile-section" aria-labelledby="membership-title">
      <h2 id="membership-title">Membership</h2>
      <p className="membership-plan">
        <strong>{account.plan.name}</strong>
        {account.plan.paid && cycle && <span className="muted"> · billed {cycle.toLowerCase()}</span>}
      </p>
      {account.billingMode === 'self-hosted' && (
        <p className="muted">Self-hosted mode: plan changes apply immediately, no card is charged.</p>
      )}
      {account.hasStripeSubscription ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => navigate('/plan-select', { state: { isUpgrade: true } })}
        >
          Manage Subscription
        </button>
      ) : (
        <UpgradeButton hasSubscription={false} />
      )}
    </section>
  );
}
