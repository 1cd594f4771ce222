import { useState } from 'react';
import { useShowTableTalk } from '../transcript';
import '../../components/menu-button.css';

interface Props {
  sessionId: string;
}

const FORMATS = [
  { format: 'vtt', label: 'WebVTT (.vtt)' },
  { format: 'srt', label: 'SubRip (.srt)' },
] as const;

/**
 * The session as Markdown (summaries and in-game transcript, docs/campaign-memory.md), printed, or
 * its transcript as subtitles (docs/imports.md). The export gives what the Full
 * Transcript shows: table talk too while the reader has 'Show table talk' on, which is read again
 * each time the menu opens. Plain links: the api names the file, and the browser downloads it with
 * the session cookie like any page.
 */
export function ExportMenu({ sessionId }: Props) {
  const [opened, setOpened] = useState(0);
  return (
    <details className="export-menu" onToggle={(e) => e.currentTarget.open && setOpened((n) => n + 1)}>
      <summary className="button button-secondary button-small">Export</summary>
      <ExportLinks key={opened} sessionId={sessionId} />
    </details>
  );
}

function ExportLinks({ sessionId }: Props) {
  const [viewShowsTableTalk] = useShowTableTalk();
  const [tableTalk, setTableTalk] = useState(viewShowsTableTalk);
  const query = tableTalk ? '?table_talk=include' : '';
  return (
    <div className="export-menu-panel" role="group" aria-label="Export the transcript">
      <a className="export-menu-link" href={`/api/sessions/${sessionId}/export.md`} download>
        Markdown with summaries (.md)
      </a>
      <button type="button" className="export-menu-link export-menu-print" onClick={() => window.print()}>
        Print or save as PDF
      </button>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          className="export-menu-link"
          href={`/api/sessions/${sessionId}/transcript.${format}${query}`}
          download
        >
          {label}
        </a>
      ))}
      <label className="export-menu-option">
        <input type="checkbox" checked={tableTalk} onChange={(e) => setTableTalk(e.target.checked)} />
        Include table talk
      </label>
    </div>
  );
}
