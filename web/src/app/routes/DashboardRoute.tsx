import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { RecordPanel } from '../../features/record/RecordPanel';
import { UploadPanel } from '../../features/upload/UploadPanel';

/** /dashboard: the campaign half, recording and the upload half are separate features, joined here. */
export function DashboardRoute() {
  return (
    <DashboardPage
      upload={(campaignId) => (
        <>
          <RecordPanel campaignId={campaignId} />
          <UploadPanel campaignId={campaignId} />
        </>
      )}
    />
  );
}
