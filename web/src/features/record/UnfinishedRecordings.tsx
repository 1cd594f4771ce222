import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { FinishRecordingMutation, UnfinishedRecordingsQuery } from './operations';
import { partUploader } from './part-uploader';

interface Props {
  /** The recording in progress on this page (not offered again). */
  activeId: string | null;
  /** Busy recording: another one cannot be resumed now. */
  busy: boolean;
  onResume: (recording: { id: string; title: string }) => void;
}

/**
 * Recordings a closed tab, a crash or a lost connection left open: go on recording into the same
 * session, or finish with what arrived. Parts this browser still holds for one are sent first.
 */
export function UnfinishedRecordings({ activeId, busy, onResume }: Props) {
  const { data } = useQuery(UnfinishedRecordingsQuery, { fetchPolicy: 'cache-and-network' });
  const [finish] = useMutation(FinishRecordingMutation, { refetchQueries: [UnfinishedRecordingsQuery] });
  const [finishing, setFinishing] = useState<string | null>(null);
  const open = (data?.unfinishedRecordings ?? []).filter((r) => r.id !== activeId);
  if (!open.length) return null;

  async function finishNow(id: string) {
    setFinishing(id);
    try {
      await partUploader.drained(id);
      await finish({ variables: { id } });
      toast.success('Finishing the recording: the session will be ready in about a minute.');
    } catch (err) {
      toast.error(userError(err, 'The recording could not be finished. Please try again.').message);
    } finally {
      setFinishing(null);
    }
  }

  return (
    <div className="unfinished-recordings">
      <h3>Unfinished recordings</h3>
      <p className="muted">The page was closed while these were recording. Resume or finish them.</p>
      <ul>
        {open.map((r) => (
          <li key={r.id} className="unfinished-recording">
            <span className="unfinished-recording-title">
              <strong>{r.title}</strong>
              <span className="muted">
                {' '}
                · last sound{' '}
                {new Date(r.lastPartAt ?? r.createdAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
              </span>
            </span>
            <span className="unfinished-recording-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy || finishing !== null}
                onClick={() => onResume({ id: r.id, title: r.title })}
                aria-label={`Resume ${r.title}`}
              >
                Resume
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy || finishing !== null}
                onClick={() => void finishNow(r.id)}
                aria-label={`Finish ${r.title}`}
              >
                {finishing === r.id ? 'Finishing…' : 'Finish'}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
