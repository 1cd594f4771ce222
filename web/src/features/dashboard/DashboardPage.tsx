import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useViewer } from '../../lib/viewer';
import { CampaignPicker } from './CampaignPicker';
import { HoursLeft } from './HoursLeft';
import { LatestSessions } from './LatestSessions';
import './dashboard.css';

/**
 * /dashboard: pick or create the campaign a recording goes into. The chosen campaign lives in the
 * `campaign` query value (docs/product.md#routes), replaced rather than pushed as the choice changes.
 * The upload half of the page is another feature's; the app composes it in, given the chosen id.
 */
export function DashboardPage({ upload }: { upload: (campaignId: string | null) => ReactNode }) {
  const { viewer } = useViewer();
  const [params, setParams] = useSearchParams();
  const campaignId = params.get('campaign');

  return (
    <>
      <PageHeader
        title="Let's Get Started!"
        actions={viewer && <UpgradeButton hasSubscription={viewer.hasStripeSubscription} />}
      />
      <div className="dashboard">
        <HoursLeft />
        <CampaignPicker
          campaignId={campaignId}
          onChange={(id) => setParams(id ? { campaign: id } : {}, { replace: true })}
        />
        {upload(campaignId)}
        <LatestSessions />
      </div>
    </>
  );
}
