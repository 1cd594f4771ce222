import { useApolloClient, useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { ProgressBar } from '../../components/ProgressBar';
import type { SessionStatus } from '../../gql/graphql';
import { userError } from '../../lib/errors';
import { isRecordingStage, progressPercent, stageLabel } from '../../lib/processing-stage';
import { useSessionUpdates } from '../../lib/useSessionUpdates';
import { ARCHIVE_LISTS, SessionContentQuery } from '../../lib/session-operations';
import { RetrySessionMutation } from '../../lib/retry-session';
import './processing-notice.css';

export interface ProcessingState {
  status: SessionStatus;
  stage: string | null;
  /** 0 to 1 */
  progress: number;
  failureReason: string | null;
}

interface Props {
  sessionId: string;
  state: ProcessingState;
  /** The spec's text for the status (section 4). */
  text: string;
  /** Owners may retry a failed session; recipients only read. */
  canRetry: boolean;
}

/**
 * A session that cannot be read yet: PROCESSING with its stage and progress, live from the api's
 * subscription; FAILED with the reason and, for the owner, Retry. It stays subscribed while FAILED
 * so a retry's progress arrives without a gap. The moment processing ends the session and the
 * sidebar lists are fetched again, and the texts replace this panel.
 */
export function ProcessingNotice({ sessionId, state, text, canRetry }: Props) {
  const client = useApolloClient();
  const [retry, { loading: retrying }] = useMutation(RetrySessionMutation, {
    refetchQueries: ARCHIVE_LISTS,
  });
  useSessionUpdates(sessionId, {
    onSettled: () => void client.refetchQueries({ include: [SessionContentQuery, ...ARCHIVE_LISTS] }),
  });

  async function retryNow() {
    try {
      await retry({ variables: { id: sessionId } });
    } catch (err) {
      toast.error(userError(err, 'Failed to retry processing').message);
    }
  }

  if (state.status === 'FAILED') {
    return (
      <div className="processing-notice notice notice-error">
        <p>{text}</p>
        {state.failureReason && <p className="processing-notice-reason">Reason: {state.failureReason}</p>}
        {canRetry && (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={retrying}
            onClick={() => void retryNow()}
          >
            {retrying ? 'Retrying...' : 'Retry'}
          </button>
        )}
      </div>
    );
  }

  const stage = stageLabel(state.stage);
  const percent = progressPercent(state.progress);
  // While a browser recording goes on there is no end to measure against: the stage line says how far.
  const measured = !isRecordingStage(state.stage);
  return (
    <div className="processing-notice notice">
      <p>{text}</p>
      <div className="processing-notice-progress">
        <span className="processing-notice-stage" aria-live="polite">
          {stage}
        </span>
        {measured && <span className="processing-notice-percent">{percent}%</span>}
      </div>
      {measured && <ProgressBar percent={percent} label="Processing progress" />}
    </div>
  );
}
