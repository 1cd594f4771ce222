import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { clock } from '../../lib/clock';
import { RichText } from '../../components/RichText';
import { CampaignRecapQuery } from './operations';

/** "Previously on…": the last session in brief and the quests and promises still open. */
export function Recap({ campaignId }: { campaignId: string }) {
  const { data } = useQuery(CampaignRecapQuery, { variables: { id: campaignId }, fetchPolicy: 'cache-and-network' });
  const recap = data?.campaign.recap;
  if (!recap || (!recap.lastSession && recap.openThreads.length === 0)) return null;
  return (
    <section className="recap" aria-labelledby="recap-title">
      <h3 id="recap-title">Previously on…</h3>
      {recap.lastSession && (
        <>
          <p className="muted recap-session">{recap.lastSession.title}</p>
          {recap.briefSummary ? <RichText html={recap.briefSummary} /> : <p className="muted">No brief summary yet.</p>}
        </>
      )}
      {recap.openThreads.length > 0 && (
        <>
          <h4>Open threads</h4>
          <ul className="recap-threads" aria-label="Open threads">
            {recap.openThreads.map((t) => (
              <li key={t.lineId + t.text}>
                <span className={`recap-thread-kind recap-thread-${t.kind}`}>
                  {t.kind === 'quest' ? 'Quest' : 'Promise'}
                </span>{' '}
                {t.text}{' '}
                <Link to={`/archive?transcript_id=${t.session.id}&t=${t.startMs}`} className="recap-source">
                  {t.session.title} · {clock(t.startMs, { short: true })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
