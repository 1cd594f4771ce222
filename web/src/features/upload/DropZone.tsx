import { useId, useState, type DragEvent } from 'react';
import { FileAudio } from 'lucide-react';
import { PICKER_ACCEPT, TRANSCRIPT_ACCEPT, isSupportedFile, type FileSource } from './file-types';
import { packTracks } from './pack-tracks';

interface Props {
  disabled: boolean;
  onFile: (file: File, source: FileSource) => void;
}

/**
 * One recording, picked with the file dialog or dropped onto the zone (docs/product.md#routes); several at
 * once are one speaker each and go up together as a multi-track ZIP. A transcript the group already
 * has (WebVTT, SRT, text) is imported instead, picked with its own button or dropped.
 */
export function DropZone({ disabled, onFile }: Props) {
  const inputId = useId();
  const transcriptId = useId();
  const [over, setOver] = useState(false);
  const [packing, setPacking] = useState(false);

  async function take(files: File[], source: FileSource) {
    if (files.length < 2) return files[0] && onFile(files[0], source);
    // A file that is not audio (or a ZIP among them) is refused as a single one would be.
    const refused = files.find((f) => !isSupportedFile(f, source) || /\.zip$/i.test(f.name));
    if (refused) return onFile(refused, source);
    setPacking(true);
    try {
      onFile(await packTracks(files), source);
    } finally {
      setPacking(false);
    }
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (!disabled && !packing) void take([...e.dataTransfer.files], 'drop');
  }

  return (
    <div
      className={`drop-zone${over && !disabled ? ' drag-over' : ''}`}
      onDragOver={(e) => {
        // Without this the browser opens the dropped file instead of handing it to us.
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <FileAudio className="drop-zone-icon" size={32} aria-hidden="true" />
      <p>Drag and drop an audio file here, or</p>
      <input
        id={inputId}
        type="file"
        accept={PICKER_ACCEPT}
        className="visually-hidden"
        multiple
        disabled={disabled || packing}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared either way: the form shows the chosen file, and a refused one can be picked again.
          e.target.value = '';
          void take(files, 'picker');
        }}
      />
      <label htmlFor={inputId} className={`button button-secondary${disabled || packing ? ' is-disabled' : ''}`}>
        {packing ? 'Packing tracks…' : 'Choose file'}
      </label>
      <input
        id={transcriptId}
        type="file"
        accept={TRANSCRIPT_ACCEPT}
        className="visually-hidden"
        disabled={disabled || packing}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void take(files.slice(0, 1), 'import');
        }}
      />
      <label htmlFor={transcriptId} className={`drop-zone-import${disabled || packing ? ' is-disabled' : ''}`}>
        Import a transcript instead (.vtt, .srt, .txt)
      </label>
      <p className="muted drop-zone-hint">
        One recording under 1 GB: MP3, WAV, M4A, FLAC, OGG and most audio or video formats. One track per speaker (as
        Craig records them)? Choose them all at once, or their ZIP.
      </p>
    </div>
  );
}
