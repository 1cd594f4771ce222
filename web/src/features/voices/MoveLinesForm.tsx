import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { attempt } from '../../lib/attempt';
import { AFTER_VOICE_CHANGE, MoveLinesToSpeakerMutation } from './operations';
import { clock } from './voice-time';
import type { Voice } from './voice';

/** The api moves at most this many lines at once. */
const MAX_LINES = 500;
/** Enough of a line to know it in a list. */
const SHOWN_CHARS = 48;

interface Props {
  sessionId: string;
  voices: readonly Voice[];
}

/** A line, or a run of lines from one to another, said by another voice after all. */
export function MoveLinesForm({ sessionId, voices }: Props) {
  const { data } = useQuery(SessionTranscriptLinesQuery, { variables: { id: sessionId } });
  const lines = data?.session.transcriptLines ?? [];
  const [from, setFrom] = useState('');
  const [through, setThrough] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [move, { loading }] = useMutation(MoveLinesToSpeakerMutation, {
    refetchQueries: AFTER_VOICE_CHANGE,
    awaitRefetchQueries: true,
  });
  const id = useId();
  if (!lines.length) return null;

  const first = lines.findIndex((l) => l.id === from);
  const last = through ? lines.findIndex((l) => l.id === through) : first;
  const run = first >= 0 && last >= first ? lines.slice(first, last + 1) : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem =
      first < 0 || !to
        ? 'Choose a line and the voice that said it'
        : last < first
          ? 'The last line comes after the first'
          : run.length > MAX_LINES
            ? `Move at most ${MAX_LINES} lines at once`
            : null;
    setError(problem);
    if (problem) return;
    const voice = voices.find((v) => v.speaker.id === to)!;
    void attempt(
      () => move({ variables: { lineIds: run.map((l) => l.id), speakerId: to } }),
      `${run.length === 1 ? 'Line' : `${run.length} lines`} moved to ${voice.speaker.displayName}`,
      'Failed to move the lines',
      () => {
        setFrom('');
        setThrough('');
      },
    );
  }

  const option = (l: (typeof lines)[number]) => (
    <option key={l.id} value={l.id}>
      {clock(l.startMs)} {l.speaker ? `${l.speaker.displayName}: ` : ''}
      {l.text.length > SHOWN_CHARS ? `${l.text.slice(0, SHOWN_CHARS)}…` : l.text}
    </option>
  );

  return (
    <form className="voices-move" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Move lines to another voice</h4>
      <label htmlFor={`${id}-from`}>Line</label>
      <select id={`${id}-from`} value={from} disabled={loading} onChange={(e) => setFrom(e.target.value)}>
        <option value="">Choose a line…</option>
        {lines.map(option)}
      </select>
      <label htmlFor={`${id}-through`}>Through line (optional, for a run)</label>
      <select id={`${id}-through`} value={through} disabled={loading} onChange={(e) => setThrough(e.target.value)}>
        <option value="">Only that line</option>
        {lines.slice(Math.max(first, 0)).map(option)}
      </select>
      <label htmlFor={`${id}-to`}>Said by</label>
      <select id={`${id}-to`} value={to} disabled={loading} onChange={(e) => setTo(e.target.value)}>
        <option value="">Choose a voice…</option>
        {voices.map((v) => (
          <option key={v.speaker.id} value={v.speaker.id}>
            {v.speaker.displayName}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary button-small" disabled={loading}>
        {loading ? 'Moving…' : run.length > 1 ? `Move ${run.length} lines` : 'Move line'}
      </button>
    </form>
  );
}
