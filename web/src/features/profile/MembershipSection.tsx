import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { UpgradeButton } from '../../components/UpgradeButton';
import type { Account } from './fields';
import { CreateBillingPortalSessionMutation } from './operations';

/** 'Dec 23, 2026'. */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Membership: plan, cycle, renewal or end date, and a payment Stripe could not take. Subscribers
 * get 'Manage Subscription': Stripe's billing portal in a new tab, or with self-hosted billing,
 * where there is no portal, the plan picker in upgrade mode.
 */
export function MembershipSection({ account }: { account: Account }) {
  const navigate = useNavigate();
  const [openPortal] = useMutation(CreateBillingPortalSessionMutation);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cycle = account.billingCycle === 'ANNUAL' ? 'Annual' : account.billingCycle === 'MONTHLY' ? 'Monthly' : null;

  const manage = async () => {
    if (account.billingMode !== 'stripe') {
      navigate('/plan-select', { state: { isUpgrade: true } });
      return;
    }
    // Opened now, while the click still counts as the user's: a tab opened after the await is blocked.
    const tab = window.open('', '_blank');
    setOpening(true);
    setError(null);
    try {
      const { data } = await openPortal();
      if (!data) throw new Error('createBillingPortalSession answered no data');
      if (tab) {
        tab.opener = null;
        tab.location.href = data.createBillingPortalSession.url;
      } else {
        window.location.assign(data.createBillingPortalSession.url);
      }
    } catch (err) {
      console.error('Opening the billing portal failed', err);
      tab?.close();
      setError('Failed to open the billing portal. Please try again.');
    } finally {
      setOpening(false);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="membership-title">
      <h2 id="membership-title">Membership</h2>
      <dl className="membership-details">
        <div>
          <dt>Plan</dt>
          <dd>{account.plan.name}</dd>
        </div>
        {account.plan.paid && cycle && (
          <div>
            <dt>Billing</dt>
            <dd>{cycle}</dd>
          </div>
        )}
        {account.endsAt ? (
          <div>
            <dt>Ends on</dt>
            <dd>{longDate(account.endsAt)}</dd>
          </div>
        ) : (
          account.renewsAt && (
            <div>
              <dt>Renews on</dt>
              <dd>{longDate(account.renewsAt)}</dd>
            </div>
          )
        )}
      </dl>
      {account.endsAt && (
        <p className="muted">Your subscription was cancelled; the plan stays until it ends, then Free / Viewer.</p>
      )}
      {account.paymentFailedAt && (
        <p className="notice notice-error" role="alert">
          Your payment on {longDate(account.paymentFailedAt)} failed. Your plan stays while the payment is retried;
          update your payment method with Manage Subscription.
        </p>
      )}
      {account.billingMode === 'self-hosted' && (
        <p className="muted">Self-hosted mode: plan changes apply immediately, no card is charged.</p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {account.hasStripeSubscription ? (
        <button type="button" className="button button-secondary" disabled={opening} onClick={() => void manage()}>
          {opening ? 'Opening...' : 'Manage Subscription'}
        </button>
      ) : (
        <UpgradeButton hasSubscription={false} />
      )}
    </section>
  );
}
