import { useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { SessionTranscript, type Moment } from './TranscriptLines';
import { LineActions } from './LineActions';
import { LinesEditor } from './LinesEditor';
import { TableTalkToggle } from './TableTalkToggle';
import { useLineCorrections } from './useLineCorrections';
import { useShowTableTalk } from './useShowTableTalk';
import './transcript-corrections.css';

interface Props {
  sessionId: string;
  /** The owner: lines can be flipped and edited. */
  canCorrect: boolean;
  /** The stored text, for sessions transcribed before lines were kept. */
  fallback: ReactNode;
  /** Set while the owner edits: Save or Cancel of the line editor calls it. */
  editing?: { onDone: () => void; plainText: ReactNode } | null;
  /** Where to open the player and play (a scene picked on the timeline). */
  moment?: Moment | null;
}

/**
 * The Full Transcript view of a session: its lines with the 'Show table talk' toggle and, for the
 * owner, a control per line to flip it between in-game and table talk; while editing, the lines
 * each with their text in place (or the whole text, for sessions without lines or on request).
 */
export function CorrectableTranscript({ sessionId, canCorrect, fallback, editing = null, moment = null }: Props) {
  const [show, setShow] = useShowTableTalk();
  const [plainText, setPlainText] = useState(false);
  const corrections = useLineCorrections();
  // The same query SessionTranscript runs: answered from one request and one cache entry.
  const { data } = useQuery(SessionTranscriptLinesQuery, {
    variables: { id: sessionId },
    fetchPolicy: 'cache-first',
  });
  const lines = data?.session.transcriptLines ?? [];

  if (editing) {
    if (plainText || (data && !lines.length)) return editing.plainText;
    if (!data) return <p className="muted">Loading…</p>;
    return (
      <LinesEditor
        lines={lines}
        corrections={corrections}
        onDone={editing.onDone}
        onPlainText={() => setPlainText(true)}
      />
    );
  }

  const tableTalk = lines.filter((l) => l.tableTalk).length;
  return (
    <>
      {lines.length > 0 && <TableTalkToggle show={show} onChange={setShow} count={tableTalk} />}
      <SessionTranscript
        sessionId={sessionId}
        fallback={fallback}
        moment={moment}
        visible={show ? undefined : (line) => !line.tableTalk}
        actions={canCorrect ? (line) => <LineActions line={line} corrections={corrections} /> : undefined}
      />
    </>
  );
}
