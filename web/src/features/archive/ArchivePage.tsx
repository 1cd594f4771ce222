import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useViewer } from '../../lib/viewer';

/** /archive: campaigns, summaries and transcripts arrive with the campaigns issue; until then an honest empty state. */
export function ArchivePage() {
  const { viewer } = useViewer();
  return (
    <>
      <PageHeader
        title="Archive"
        actions={viewer && <UpgradeButton hasSubscription={viewer.hasStripeSubscription} />}
      />
      <section className="card empty-state">
        <h2>No sessions yet</h2>
        <p>
          Your campaigns, session summaries and transcripts will be listed here once audio uploads are available in a
          later release.
        </p>
      </section>
    </>
  );
}
