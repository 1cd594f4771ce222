import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { attempt } from '../../lib/attempt';
import { AFTER_VOICE_CHANGE, MergeSpeakersMutation } from './operations';
import { VoiceNameForm } from './VoiceNameForm';
import type { Sample } from './useSample';
import { clock, talkTime } from './voice-time';
import { isNamed, type Voice } from './voice';

interface Props {
  voice: Voice;
  /** The session's voices, this one among them: what it can be merged into. */
  others: readonly Voice[];
  sample: Sample;
}

/** One voice: who it is, how much it talks, its sample, and the GM's corrections of it. */
export function VoiceItem({ voice, others, sample }: Props) {
  const { speaker } = voice;
  const [naming, setNaming] = useState(false);
  const targets = others.filter((o) => o.speaker.id !== speaker.id);
  const [into, setInto] = useState('');
  const [merge, { loading: merging }] = useMutation(MergeSpeakersMutation, {
    refetchQueries: AFTER_VOICE_CHANGE,
    awaitRefetchQueries: true,
  });
  const mergeSelect = useId();
  const playing = sample.playing === speaker.id;

  const mergeInto = (target: { id: string; displayName: string }) =>
    attempt(
      () => merge({ variables: { id: speaker.id, into: target.id } }),
      `${speaker.displayName} merged into ${target.displayName}`,
      'Failed to merge the voices',
      () => setInto(''),
    );

  return (
    <li className="voice">
      <div className="voice-summary">
        <div className="voice-who">
          <strong>{speaker.displayName}</strong>
          {speaker.displayName !== speaker.label && <span className="muted"> · {speaker.label}</span>}
          <div className="muted voice-talk">
            {talkTime(voice.talkSeconds)} · {voice.lineCount} {voice.lineCount === 1 ? 'line' : 'lines'}
          </div>
        </div>
        <div className="voice-actions">
          {sample.available && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-pressed={playing}
              aria-label={
                playing
                  ? `Stop the sample of ${speaker.displayName}`
                  : `Sample of ${speaker.displayName}: 5 seconds from ${clock(voice.sampleStartMs)}`
              }
              onClick={() => sample.toggle(speaker.id, voice.sampleStartMs)}
            >
              <span aria-hidden="true">{playing ? '■' : '▶'}</span> {playing ? 'Stop' : 'Sample'}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={naming}
            aria-label={`Name ${speaker.displayName}`}
            onClick={() => setNaming(!naming)}
          >
            Name
          </button>
        </div>
      </div>
      {voice.closestKnown && !isNamed(voice) && (
        <p className="voice-offer">
          Sounds like {voice.closestKnown.displayName}?{' '}
          <button
            type="button"
            className="button button-primary button-small"
            disabled={merging}
            aria-label={`Same voice: merge ${speaker.displayName} into ${voice.closestKnown.displayName}`}
            onClick={() => void mergeInto(voice.closestKnown!)}
          >
            Same voice
          </button>
        </p>
      )}
      {naming && <VoiceNameForm speaker={speaker} onDone={() => setNaming(false)} />}
      {targets.length > 0 && (
        <form
          className="voice-merge"
          onSubmit={(e) => {
            e.preventDefault();
            const target = targets.find((t) => t.speaker.id === into);
            if (target) void mergeInto(target.speaker);
          }}
        >
          <label htmlFor={mergeSelect}>Same person as</label>
          <select id={mergeSelect} value={into} disabled={merging} onChange={(e) => setInto(e.target.value)}>
            <option value="">Choose a voice…</option>
            {targets.map((t) => (
              <option key={t.speaker.id} value={t.speaker.id}>
                {t.speaker.displayName}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary button-small" disabled={!into || merging}>
            {merging ? 'Merging…' : 'Merge'}
          </button>
        </form>
      )}
    </li>
  );
}
