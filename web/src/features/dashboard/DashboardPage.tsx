import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { displayName, useViewer } from '../../lib/viewer';

/**
 * /dashboard. Campaign choice and audio upload arrive with the campaigns and upload issues; until
 * then the page says so plainly and offers what already works.
 */
export function DashboardPage() {
  const { viewer } = useViewer();
  return (
    <>
      <PageHeader
        title="Let's Get Started!"
        actions={viewer && <UpgradeButton hasSubscription={viewer.hasStripeSubscription} />}
      />
      <section className="card empty-state">
        {viewer && <h2>Welcome, {displayName(viewer)}.</h2>}
        <p>Campaigns and session audio uploads are not available yet; they arrive in a later release of Questlog.</p>
        <p className="muted">
          Your plan: <strong>{viewer?.plan.name}</strong>. You can review your account and usage on your{' '}
          <Link to="/profile">profile</Link>.
        </p>
      </section>
    </>
  );
}
