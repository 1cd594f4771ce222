import { useId, useState, type DragEvent } from 'react';
import { FileAudio } from 'lucide-react';
import { PICKER_ACCEPT, type FileSource } from './file-types';

interface Props {
  disabled: boolean;
  onFile: (file: File, source: FileSource) => void;
}

/** One recording, picked with the file dialog or dropped onto the zone (spec section 2). */
export function DropZone({ disabled, onFile }: Props) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (!disabled && file) onFile(file, 'drop');
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
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared either way: the form shows the chosen file, and a refused one can be picked again.
          e.target.value = '';
          if (file) onFile(file, 'picker');
        }}
      />
      <label htmlFor={inputId} className={`button button-secondary${disabled ? ' is-disabled' : ''}`}>
        Choose file
      </label>
      <p className="muted drop-zone-hint">
        One recording under 1 GB: MP3, WAV, M4A, FLAC, OGG and most audio or video formats, or a ZIP with one track per
        speaker (as Craig records them).
      </p>
    </div>
  );
}
