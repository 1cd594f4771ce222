import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Field } from '../../components/Field';
import { attempt } from '../../lib/attempt';
import { CampaignVocabularyQuery, SetCampaignVocabularyMutation } from './operations';
import { EditorForm } from './EditorSection';

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
    await attempt(
      () => save({ variables: { campaignId, vocabulary: value } }),
      'Names and places saved',
      'Failed to save names and places',
      onSaved,
    );
  }

  return (
    <EditorForm
      heading="Names and places"
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Names"
      busyLabel="Saving..."
      busy={saving}
      disabled={loading}
    >
      <Field
        label="Characters, NPCs and places"
        hint="Helps the transcription spell your campaign’s names."
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={value}
            placeholder={loading ? 'Loading…' : 'Thorin, Meepo, Phandalin (commas or new lines between names)'}
            disabled={loading || saving}
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
      </Field>
    </EditorForm>
  );
}
