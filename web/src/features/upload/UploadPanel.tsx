import { useState } from 'react';
import { ProgressBar } from '../../components/ProgressBar';
import { TextField } from '../../components/TextField';
import { localToday } from '../../lib/played-on';
import { DropZone } from './DropZone';
import { formatSize } from './file-size';
import { isTranscriptFile } from './file-types';
import { ProcessingDialog } from './ProcessingDialog';
import { TITLE_MAX } from './session-details';
import { useUpload } from './useUpload';
import './upload.css';

interface Props {
  /** The campaign chosen in the dashboard's other half; null until one is. */
  campaignId: string | null;
}

/** The upload half of /dashboard (docs/product.md#routes, #states): one file, Submit or Remove file. */
export function UploadPanel({ campaignId }: Props) {
  const upload = useUpload(campaignId);
  const [modalHidden, setModalHidden] = useState(false);
  const percent = upload.progress === null ? null : Math.floor(upload.progress);

  return (
    <section className="card upload-panel" aria-labelledby="upload-title">
      <h2 id="upload-title">Session audio</h2>
      <DropZone disabled={upload.uploading} onFile={upload.choose} />
      {upload.refusal && (
        <div className="upload-refusal" role="alert">
          <p className="upload-refusal-file">
            <span className="upload-file-name">{upload.refusal.name}</span>
            <span>{formatSize(upload.refusal.size)} · not uploaded</span>
          </p>
          {upload.refusal.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {upload.file && (
        <p className="upload-file">
          <span className="upload-file-name">{upload.file.name}</span>
          <span className="muted">
            {isTranscriptFile(upload.file) ? 'Transcript · no audio hours used · ' : ''}
            {formatSize(upload.file.size)}
          </span>
        </p>
      )}
      {upload.file && (
        <div className="upload-details">
          <TextField
            label="Session title"
            value={upload.title}
            onChange={upload.setTitle}
            maxLength={TITLE_MAX}
            disabled={upload.uploading}
            error={upload.errors.title}
          />
          <TextField
            label="Date played"
            type="date"
            value={upload.playedOn}
            onChange={upload.setPlayedOn}
            min="1970-01-01"
            max={localToday()}
            disabled={upload.uploading}
            error={upload.errors.playedOn}
          />
        </div>
      )}
      {percent !== null && (
        <div className="upload-progress">
          <ProgressBar percent={percent} label="Upload progress" />
          <span className="upload-percent">
            {upload.processing ? 'Uploaded — processing…' : `Uploading… ${percent}%`}
          </span>
        </div>
      )}
      <div className="upload-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!upload.file || upload.uploading}
          onClick={() => {
            setModalHidden(false);
            void upload.submit();
          }}
        >
          {upload.uploading ? 'Uploading...' : 'Submit'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!upload.file || upload.uploading}
          onClick={upload.remove}
        >
          Remove file
        </button>
      </div>
      {upload.processing && !modalHidden && <ProcessingDialog onClose={() => setModalHidden(true)} />}
    </section>
  );
}
