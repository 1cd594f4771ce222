import { useMutation } from '@apollo/client/react';
import { Mic, Pause, Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Meter } from '../../components/Meter';
import { TextField } from '../../components/TextField';
import { clock } from '../../lib/clock';
import { userError } from '../../lib/errors';
import { LiveNotes } from './LiveNotes';
import {
  FinishRecordingMutation,
  ResumeRecordingMutation,
  StartRecordingMutation,
  UnfinishedRecordingsQuery,
} from './operations';
import { partUploader, type UploaderState } from './part-uploader';
import { UnfinishedRecordings } from './UnfinishedRecordings';
import { useRecorder } from './useRecorder';
import './record.css';

interface Props {
  /** The campaign chosen on the dashboard; null until one is. */
  campaignId: string | null;
}

const TITLE_MAX = 200;

/** "Recording 2026-11-23 19:04" in the user's own time. */
function defaultTitle(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Recording ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * Record on /dashboard: Record, Pause/Resume, Stop, a level meter and the elapsed time. The audio
 * goes to the server in parts while it records, is transcribed as the game goes on, and becomes a
 * session on Stop (READY about a minute later).
 */
export function RecordPanel({ campaignId }: Props) {
  const recorder = useRecorder();
  const [title, setTitle] = useState(defaultTitle);
  const [active, setActive] = useState<{ id: string; title: string; campaignId: string } | null>(null);
  const [finished, setFinished] = useState<{ id: string; campaignId: string } | null>(null);
  const [uploads, setUploads] = useState<UploaderState>({ waiting: 0, retrying: false, refused: null });
  // The dashboard's list of latest sessions (another feature's, refetched by name) shows a new recording too.
  const lists = { refetchQueries: [UnfinishedRecordingsQuery, 'DashboardLatestSessions'] };
  const [startRecording] = useMutation(StartRecordingMutation, lists);
  const [resumeRecording] = useMutation(ResumeRecordingMutation, lists);
  const [finishRecording] = useMutation(FinishRecordingMutation, lists);
  const { phase } = recorder;
  const live = phase === 'recording' || phase === 'paused';

  // Parts a closed tab left in this browser go out as soon as the page is back.
  useEffect(() => {
    partUploader.kick();
    return partUploader.subscribe(setUploads);
  }, []);

  function record() {
    if (!campaignId) return;
    setFinished(null);
    partUploader.clearRefused();
    void recorder.start(async (mimeType) => {
      const result = await startRecording({ variables: { campaignId, mimeType, title: title.trim() || null } });
      const started = result.data!.startRecording;
      setActive({ id: started.id, title: started.title, campaignId: started.campaignId });
      return { id: started.id, segment: started.segment, partsReceived: started.partsReceived };
    });
  }

  function resumeFrom(recording: { id: string; title: string }) {
    setFinished(null);
    partUploader.clearRefused();
    void recorder.start(async () => {
      // The old stream's parts still in this browser go first: the resume closes that stream.
      await partUploader.drained(recording.id);
      const result = await resumeRecording({ variables: { id: recording.id } });
      const resumed = result.data!.resumeRecording;
      setActive({ id: resumed.id, title: resumed.title, campaignId: resumed.campaignId });
      return { id: resumed.id, segment: resumed.segment, partsReceived: resumed.partsReceived };
    });
  }

  async function stop() {
    const id = await recorder.stop();
    if (!id) return;
    try {
      const result = await finishRecording({ variables: { id } });
      setFinished({ id, campaignId: result.data!.finishRecording.campaignId });
      setActive(null);
      setTitle(defaultTitle());
    } catch (err) {
      toast.error(userError(err, 'The recording could not be finished. Please try again.').message);
    }
  }

  const percent = Math.round(recorder.level * 100);
  return (
    <section className="card record-panel" aria-labelledby="record-title">
      <h2 id="record-title">
        <Mic size={18} aria-hidden /> Record this session
      </h2>
      {!campaignId && !live && <p className="muted">Choose a campaign above to record into it.</p>}
      {live && active ? (
        <p className="record-now">
          <span className={`record-dot${phase === 'paused' ? ' record-dot-paused' : ''}`} aria-hidden />
          {phase === 'paused' ? 'Paused' : 'Recording'}: <strong>{active.title}</strong>
        </p>
      ) : (
        <TextField
          label="Recording title"
          value={title}
          onChange={setTitle}
          maxLength={TITLE_MAX}
          disabled={phase !== 'idle'}
        />
      )}
      <div className="record-status">
        <span className="record-elapsed" role="timer" aria-label="Elapsed time">
          {clock(recorder.elapsedMs)}
        </span>
        <Meter className="record-meter" label="Microphone level" value={percent} max={100} />
      </div>
      <div className="record-actions">
        {!live ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!campaignId || phase !== 'idle'}
            onClick={record}
          >
            <Mic size={16} aria-hidden /> {phase === 'starting' ? 'Starting…' : 'Record'}
          </button>
        ) : phase === 'recording' ? (
          <button type="button" className="button button-secondary" onClick={recorder.pause}>
            <Pause size={16} aria-hidden /> Pause
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={recorder.resume}>
            <Play size={16} aria-hidden /> Resume
          </button>
        )}
        {(live || phase === 'stopping') && (
          <button
            type="button"
            className="button button-danger"
            disabled={phase === 'stopping'}
            onClick={() => void stop()}
          >
            <Square size={16} aria-hidden /> {phase === 'stopping' ? 'Saving…' : 'Stop'}
          </button>
        )}
      </div>
      {recorder.error && (
        <p className="notice notice-error" role="alert">
          {recorder.error}
        </p>
      )}
      {uploads.refused && (
        <p className="notice notice-error" role="alert">
          {uploads.refused}
        </p>
      )}
      {(live || phase === 'stopping') && <UploadLine state={uploads} />}
      {live && active && <LiveNotes sessionId={active.id} campaignId={active.campaignId} />}
      {finished && (
        <p className="notice record-finished" role="status">
          Saved. The transcript and summaries will be ready in about a minute.{' '}
          <Link to={`/archive?transcript_id=${finished.id}&campaign_id=${finished.campaignId}`}>
            Open in the archive
          </Link>
        </p>
      )}
      <UnfinishedRecordings activeId={active?.id ?? null} busy={phase !== 'idle'} onResume={resumeFrom} />
    </section>
  );
}

function UploadLine({ state }: { state: UploaderState }) {
  const text = state.retrying
    ? `Offline or the server is busy: ${state.waiting} part${state.waiting === 1 ? '' : 's'} kept on this device and sent when the connection is back.`
    : state.waiting > 1
      ? `Uploading… ${state.waiting} parts waiting.`
      : 'Uploaded as you record.';
  return <p className={`record-upload${state.retrying ? ' record-upload-retrying' : ''}`}>{text}</p>;
}
