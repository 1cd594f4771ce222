import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { UpdateSpeakerMutation } from '../../lib/session-operations';
import { attempt } from '../../lib/attempt';
import { AFTER_VOICE_CHANGE } from './operations';
import type { Voice } from './voice';

/** The api's bound on player and character names (as the cast editor's). */
const MAX_CHARS = 80;

interface Props {
  speaker: Voice['speaker'];
  onDone: () => void;
}

/**
 * Who a voice is, as the cast editor asks it (player, character, or the GM) and with its mutation:
 * named here, the voice is named in every session of the campaign.
 */
export function VoiceNameForm({ speaker, onDone }: Props) {
  const [playerName, setPlayerName] = useState(speaker.playerName ?? '');
  const [characterName, setCharacterName] = useState(speaker.characterName ?? '');
  const [gm, setGm] = useState(speaker.role === 'GM');
  const [update, { loading }] = useMutation(UpdateSpeakerMutation, {
    refetchQueries: AFTER_VOICE_CHANGE,
    awaitRefetchQueries: true,
  });
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    const role = gm ? ('GM' as const) : ('PLAYER' as const);
    void attempt(
      () => update({ variables: { id: speaker.id, input: { playerName, characterName, role } } }),
      `${speaker.label} named`,
      'Failed to name the voice',
      onDone,
    );
  }

  return (
    <form className="voice-name" onSubmit={submit} aria-label={`Name ${speaker.label}`}>
      <label htmlFor={`${id}-player`}>Player</label>
      <input
        id={`${id}-player`}
        value={playerName}
        maxLength={MAX_CHARS}
        disabled={loading}
        onChange={(e) => setPlayerName(e.target.value)}
      />
      <label htmlFor={`${id}-character`}>Character</label>
      <input
        id={`${id}-character`}
        value={characterName}
        maxLength={MAX_CHARS}
        placeholder={gm ? 'GM' : undefined}
        disabled={loading}
        onChange={(e) => setCharacterName(e.target.value)}
      />
      <label className="voice-gm">
        <input type="checkbox" checked={gm} disabled={loading} onChange={(e) => setGm(e.target.checked)} />
        Game master
      </label>
      <div className="voice-name-actions">
        <button type="button" className="button button-secondary button-small" onClick={onDone} disabled={loading}>
          Cancel
        </button>
        <button type="submit" className="button button-primary button-small" disabled={loading}>
          {loading ? 'Saving…' : 'Save name'}
        </button>
      </div>
    </form>
  );
}
