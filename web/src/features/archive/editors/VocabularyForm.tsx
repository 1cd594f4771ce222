import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../../lib/errors';
import { SetCampaignVocabularyMutation } from '../mutations';
import { CampaignVocabularyQuery } from '../operations';

/** The api's bound on setCampaignVocabulary. */
const MAX_CHARS = 2000;
const TOO_LONG = `Names and places must be at most ${MAX_CHARS} characters`;

interface Props {
  campaignId: string;
  onSaved: () => void;
}

/**
 * The campaign's vocabulary: names of characters, NPCs and places that speech-to-text is told to
 * expect. Names the owner corrects in a transcript are added to it by the api; it is read afresh
 * each time the editor opens so those show up.
 */
export function VocabularyForm({ campaignId, onSaved }: Props) {
  const id = useId();
  const { data, loading } = useQuery(CampaignVocabularyQuery, {
    variables: { id: campaignId },
    fetchPolicy: 'network-only',
  });
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, { loading: saving }] = useMutation(SetCampaignVocabularyMutation);
  const value = draft ?? data?.campaign.vocabulary ?? '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (value.length > MAX_CHARS) {
      setError(TOO_LONG);
      return;
    }
    setError(null);
    try {
      await save({ variables: { campaignId, vocabulary: value } });
      toast.success('Names and places saved');
      onSaved();
    } catch (err) {
      toast.error(userError(err, 'Failed to save names and places').message);
    }
  }

  return (
    <form className="editor-section" onSubmit={(e) => void submit(e)} noValidate>
      <h3>Names and places</h3>
      <div className="field vocabulary-field">
        <label htmlFor={id}>Characters, NPCs and places</label>
        <p id={`${id}-hint`} className="field-hint">
          Helps the transcription spell your campaign’s names.
        </p>
        <textarea
          id={id}
          rows={4}
          value={value}
          placeholder={loading ? 'Loading…' : 'Thorin, Meepo, Phandalin (commas or new lines between names)'}
          disabled={loading || saving}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={loading || saving}>
          {saving ? 'Saving...' : 'Save Names'}
        </button>
      </div>
    </form>
  );
}
