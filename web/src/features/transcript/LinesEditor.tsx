import { useState } from 'react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';
import type { LineCorrections } from './useLineCorrections';

type Line = TranscriptLineFieldsFragment;

interface Props {
  lines: readonly Line[];
  corrections: LineCorrections;
  /** Leaves the editor (after Save or Cancel). */
  onDone: () => void;
  /** Switches to editing the transcript as one text (to add or remove lines). */
  onPlainText: () => void;
}

const EMPTY_LINE = 'A line cannot be empty. To remove a line, edit the full transcript.';

/**
 * The full transcript edited line by line: each line keeps its time and its marks (table talk, GM
 * only), only its words change, so the recording, the follow-along and Q&A's citations stay in step.
 * Save sends the lines that changed.
 */
export function LinesEditor({ lines, corrections, onDone, onPlainText }: Props) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const changes = lines.flatMap((line) => {
    const text = texts[line.id];
    return text !== undefined && text.trim() !== line.text ? [{ line, text }] : [];
  });
  const empty = changes.some((c) => !c.text.trim());

  async function save() {
    setSaving(true);
    const done = await corrections.saveTexts(changes);
    setSaving(false);
    if (done) onDone();
  }

  return (
    <div className="lines-editor">
      <p className="lines-editor-intro muted">
        Each line keeps its time and its marks (table talk, GM only).{' '}
        <button type="button" className="link-button" onClick={onPlainText} disabled={saving}>
          Edit as plain text
        </button>{' '}
        to add or remove lines.
      </p>
      <ol className="transcript-lines" aria-label="Transcript lines">
        {lines.map((line) => {
          const time = clock(line.startMs, { short: true });
          return (
            <li key={line.id} className={`transcript-line lines-editor-line${line.tableTalk ? ' table-talk' : ''}`}>
              <span className="transcript-time">{time}</span>
              <div className="lines-editor-text">
                {(line.tableTalk || line.gmOnly) && (
                  <span>
                    {line.tableTalk && <span className="table-talk-badge">Table talk</span>}
                    {line.gmOnly && <span className="gm-only-badge">GM only</span>}
                  </span>
                )}
                <textarea
                  aria-label={`Line at ${time}`}
                  value={texts[line.id] ?? line.text}
                  rows={Math.max(1, Math.ceil(line.text.length / 90))}
                  disabled={saving}
                  onChange={(e) => setTexts((t) => ({ ...t, [line.id]: e.target.value }))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {empty && (
        <p className="field-error" role="alert">
          {EMPTY_LINE}
        </p>
      )}
      <div className="dialog-actions lines-editor-actions">
        <button type="button" className="button button-secondary" onClick={onDone} disabled={saving}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void save()}
          disabled={saving || empty || !changes.length}
        >
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </div>
  );
}
