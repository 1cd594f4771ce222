import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { UploadPanel } from '../../features/upload/UploadPanel';

/** /dashboard: the campaign half and the upload half are separate features, joined here. */
export function DashboardRoute() {
  return <DashboardPage upload={(campaignId) => <UploadPanel campaignId={campaignId} />} />;
}
