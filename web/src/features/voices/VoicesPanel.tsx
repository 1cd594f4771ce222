import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { SessionVoicesQuery } from './operations';
import { VoiceItem } from './VoiceItem';
import { MoveLinesForm } from './MoveLinesForm';
import { ForgetVoicePrints } from './ForgetVoicePrints';
import { useSample } from './useSample';
import { isNamed, type Voice } from './voice';
import './voices.css';

interface Props {
  sessionId: string;
  campaignId: string;
}

/**
 * The GM's check of who said what (docs/speakers.md): each voice of the session with its talk time
 * and a 5-second sample, named, merged with another, or given lines it said. Above the session's
 * views, closed at first (a line saying how many voices are still unnamed), so a long transcript
 * does not hide it and the first screen stays the summary's; a session without speakers shows nothing.
 */
export function VoicesPanel({ sessionId, campaignId }: Props) {
  const { data } = useQuery(SessionVoicesQuery, { variables: { id: sessionId }, fetchPolicy: 'cache-and-network' });
  const voices = data?.session.voices ?? [];
  const [expanded, setExpanded] = useState(false);
  if (!voices.length) return null;
  const unnamed = voices.filter((v) => !isNamed(v)).length;

  return (
    <section className="voices-panel" aria-labelledby="voices-title">
      <div className="voices-header">
        <h3 id="voices-title">Voices</h3>
        <span className="muted voices-count">
          {voices.length} heard{unnamed ? ` · ${unnamed} not named yet` : ''}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={expanded}
          aria-controls="voices-body"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Hide voices' : 'Show voices'}
        </button>
      </div>
      {expanded && (
        <VoicesBody
          sessionId={sessionId}
          campaignId={campaignId}
          voices={voices}
          audioUrl={data?.session.audioUrl ?? null}
        />
      )}
    </section>
  );
}

/** The open panel; it mounts with its <audio> element, which the playback hook attaches to once. */
function VoicesBody({ sessionId, campaignId, voices, audioUrl }: Props & { voices: Voice[]; audioUrl: string | null }) {
  const sample = useSample(audioUrl);
  return (
    <div id="voices-body" className="voices-body">
      <p className="muted voices-privacy">
        Voice prints are personal data: kept for this campaign only, never shown or exported to players, deleted with
        the session or campaign they come from or when you forget them. Merging voices and moving lines correct them
        too.
      </p>
      <ul className="voices-list">
        {voices.map((voice) => (
          <VoiceItem key={voice.speaker.id} voice={voice} others={voices} sample={sample} />
        ))}
      </ul>
      {voices.length > 1 && <MoveLinesForm sessionId={sessionId} voices={voices} />}
      <ForgetVoicePrints campaignId={campaignId} />
      {sample.element}
    </div>
  );
}
