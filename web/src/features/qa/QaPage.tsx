import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useViewer } from '../../lib/viewer';

/** /qa: the chatbot needs sessions to answer from, which arrive in a later release; until then an honest empty state. */
export function QaPage() {
  const { viewer } = useViewer();
  return (
    <>
      <PageHeader title="Q & A" actions={viewer && <UpgradeButton hasSubscription={viewer.hasStripeSubscription} />} />
      <section className="card empty-state">
        <h2>Nothing to ask about yet</h2>
        <p>
          The Q&amp;A chatbot answers questions from your session notes. It becomes available once you can upload
          sessions in a later release.
        </p>
      </section>
    </>
  );
}
