import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { attempt } from '../../lib/attempt';
import { ForgetVoicePrintsMutation } from './operations';

/**
 * The GM's request to delete the campaign's voice prints (personal data, docs/speakers.md), asked
 * twice: the names stay, but later sessions no longer recognise anyone by voice.
 */
export function ForgetVoicePrints({ campaignId }: { campaignId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [forget, { loading }] = useMutation(ForgetVoicePrintsMutation, { refetchQueries: ['SessionVoices'] });

  if (!confirming) {
    return (
      <div className="voices-forget">
        <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(true)}>
          Forget voice prints
        </button>
      </div>
    );
  }
  return (
    <div className="voices-forget" role="group" aria-label="Forget voice prints">
      <p>
        Delete this campaign&apos;s voice prints? Names stay; later sessions will not recognise anyone by voice until
        you name them again.
      </p>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={loading}
        onClick={() => setConfirming(false)}
      >
        Cancel
      </button>
      <button
        type="button"
        className="button button-danger button-small"
        disabled={loading}
        onClick={() =>
          void attempt(
            () => forget({ variables: { campaignId } }),
            'Voice prints forgotten',
            'Failed to forget the voice prints',
            () => setConfirming(false),
          )
        }
      >
        {loading ? 'Forgetting…' : 'Forget them'}
      </button>
    </div>
  );
}
