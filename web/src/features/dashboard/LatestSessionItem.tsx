import { useMutation } from '@apollo/client/react';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { ProgressBar } from '../../components/ProgressBar';
import type { DashboardLatestSessionsQuery as LatestData } from '../../gql/graphql';
import { userError } from '../../lib/errors';
import { playedOnLabel } from '../../lib/played-on';
import { RetrySessionMutation } from '../../lib/retry-session';
import { isRecordingStage, progressPercent, stageLabel } from '../../lib/processing-stage';
import { useSessionUpdates } from '../../lib/useSessionUpdates';

type LatestSession = LatestData['latestSessions'][number];

interface Props {
  session: LatestSession;
  onSettled: () => void;
}

/** One session of the dashboard's list; subscribed to its live status while it is processing. */
export function LatestSessionItem({ session: s, onSettled }: Props) {
  useSessionUpdates(s.status === 'PROCESSING' ? s.id : null, { onSettled });
  const [retry, { loading: retrying }] = useMutation(RetrySessionMutation);
  const href = `/archive?transcript_id=${s.id}&campaign_id=${s.campaign.id}`;
  const percent = progressPercent(s.progress);
  // A recording still going on has no end to measure a percentage against: its stage line says how far.
  const measured = !isRecordingStage(s.stage);

  async function retryNow() {
    try {
      await retry({ variables: { id: s.id } });
    } catch (err) {
      toast.error(userError(err, 'Failed to retry processing').message);
    }
  }

  return (
    <li className="latest-item">
      <div className="latest-item-main">
        <Link to={href} className="latest-item-title">
          {s.title}
        </Link>
        <span className="latest-item-meta">
          {s.campaign.title} · <time dateTime={s.playedOn}>{playedOnLabel(s.playedOn)}</time>
        </span>
      </div>
      <div className="latest-item-status">
        {s.status === 'READY' && (
          <span className="latest-status latest-status-ready">
            <CircleCheck size={16} aria-hidden="true" /> Ready
          </span>
        )}
        {s.status === 'FAILED' && (
          <>
            <span className="latest-status latest-status-failed" title={s.failureReason ?? undefined}>
              <CircleAlert size={16} aria-hidden="true" /> Failed
            </span>
            {s.campaign.role === 'OWNER' && (
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={retrying}
                aria-label={`Retry ${s.title}`}
                onClick={() => void retryNow()}
              >
                {retrying ? 'Retrying...' : 'Retry'}
              </button>
            )}
          </>
        )}
        {s.status === 'PROCESSING' && (
          <div className="latest-progress">
            <span className="latest-status">
              <LoaderCircle className="latest-spinner" size={16} aria-hidden="true" /> {stageLabel(s.stage)}
              {measured && (
                <>
                  {' '}
                  <span className="latest-percent">{percent}%</span>
                </>
              )}
            </span>
            {measured && <ProgressBar percent={percent} label={`Processing ${s.title}`} />}
          </div>
        )}
      </div>
    </li>
  );
}
