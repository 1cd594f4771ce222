import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useViewer } from '../../lib/viewer';
import { CampaignPicker } from './CampaignPicker';
import './dashboard.css';

/**
 * /dashboard: pick or create the campaign a recording goes into. The chosen campaign lives in the
 * `campaign` query value (spec section 2), replaced rather than pushed as the choice changes.
 * The upload half of the page (file picker, drag-and-drop, progress) comes with issue 4 and takes
 * the chosen campaign id from here.
 */
export function DashboardPage() {
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
        <CampaignPicker
          campaignId={campaignId}
          onChange={(id) => setParams(id ? { campaign: id } : {}, { replace: true })}
        />
        <section className="card dashboard-section" aria-labelledby="upload-title">
          <h2 id="upload-title">Session audio</h2>
          <p className="muted">
            Uploading recordings is not available yet; it arrives in the next release. Your campaigns are ready for it.
          </p>
        </section>
      </div>
    </>
  );
}
