import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { attempt } from '../../lib/attempt';
import { UpdateSpeakerMutation } from '../../lib/session-operations';
import { CampaignCastQuery } from './operations';
import { EditorForm } from './EditorSection';

/** The api's bound on player and character names. */
const MAX_CHARS = 80;

interface Draft {
  playerName: string;
  characterName: string;
  gm: boolean;
}

interface Props {
  campaignId: string;
  onSaved: () => void;
}

/**
 * Who is who: each voice the campaign's recordings brought (a multi-track upload names them after
 * their files) mapped to a player and a character, or marked as the GM. Named once, a voice is
 * named in every session of the campaign, later ones included.
 */
export function CastForm({ campaignId, onSaved }: Props) {
  const { data, loading } = useQuery(CampaignCastQuery, { variables: { id: campaignId }, fetchPolicy: 'network-only' });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [error, setError] = useState<string | null>(null);
  const [update, { loading: saving }] = useMutation(UpdateSpeakerMutation);
  const cast = data?.campaign.cast ?? [];

  const current = (s: (typeof cast)[number]): Draft =>
    drafts[s.id] ?? { playerName: s.playerName ?? '', characterName: s.characterName ?? '', gm: s.role === 'GM' };
  const edit = (id: string, base: Draft, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [id]: { ...base, ...change } }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const changed = cast.filter((s) => drafts[s.id]);
    if (
      changed.some((s) => drafts[s.id].playerName.length > MAX_CHARS || drafts[s.id].characterName.length > MAX_CHARS)
    ) {
      setError(`Names must be at most ${MAX_CHARS} characters`);
      return;
    }
    setError(null);
    await attempt(
      async () => {
        // One after another: each change re-indexes the speaker's lines for Q&A.
        for (const s of changed) {
          const d = drafts[s.id];
          const role = d.gm ? ('GM' as const) : ('PLAYER' as const);
          await update({
            variables: { id: s.id, input: { playerName: d.playerName, characterName: d.characterName, role } },
          });
        }
      },
      'Cast saved',
      'Failed to save the cast',
      () => {
        setDrafts({});
        onSaved();
      },
    );
  }

  if (!loading && !cast.length) {
    return (
      <section className="editor-section">
        <h3>Cast</h3>
        <p className="muted">
          Voices appear here after a multi-track upload (a ZIP with one audio file per speaker, as Craig records them).
          Then you can say who plays whom.
        </p>
      </section>
    );
  }

  return (
    <EditorForm
      heading="Cast"
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Cast"
      busyLabel="Saving..."
      busy={saving}
      disabled={loading || !Object.keys(drafts).length}
    >
      {loading && <p className="muted">Loading…</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="cast-list">
        {cast.map((s) => {
          const d = current(s);
          return (
            <li key={s.id} className="cast-speaker">
              <fieldset>
                <legend>{s.label}</legend>
                <label>
                  Player
                  <input
                    value={d.playerName}
                    placeholder={s.label}
                    disabled={saving}
                    onChange={(e) => edit(s.id, d, { playerName: e.target.value })}
                  />
                </label>
                <label>
                  Character
                  <input
                    value={d.characterName}
                    placeholder={d.gm ? 'GM' : 'Character name'}
                    disabled={saving}
                    onChange={(e) => edit(s.id, d, { characterName: e.target.value })}
                  />
                </label>
                <label className="cast-gm">
                  <input
                    type="checkbox"
                    checked={d.gm}
                    disabled={saving}
                    onChange={(e) => edit(s.id, d, { gm: e.target.checked })}
                  />
                  Game master
                </label>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </EditorForm>
  );
}
