import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { ShareCampaignMutation } from '../mutations';
import { attempt } from './attempt';
import { ConfirmStep, EditorForm } from './EditorSection';
import { useConfirmation } from './useConfirmation';

interface Props {
  campaign: { id: string; title: string };
  onClose: () => void;
}

/** Share read-only by e-mail: address, then 'Share … with …?', then send (spec section 4). */
export function ShareDialog({ campaign, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [share] = useMutation(ShareCampaignMutation);
  const recipient = email.trim();
  const step = useConfirmation(
    () => (recipient ? null : 'Please enter an email address'),
    () =>
      attempt(
        () => share({ variables: { campaignId: campaign.id, email: recipient } }),
        `Campaign shared with ${recipient}`,
        'Failed to share campaign',
        onClose,
      ),
  );

  return (
    <Dialog title="Share Campaign" onClose={onClose}>
      {step.confirming ? (
        <ConfirmStep
          onBack={step.back}
          confirmLabel="Send"
          busyLabel="Sharing..."
          busy={step.busy}
          onConfirm={step.confirm}
        >
          <p>
            Share “{campaign.title}” with {recipient}?
          </p>
          <p className="muted">
            They will be able to read its sessions, summaries and transcripts, but not change them.
          </p>
        </ConfirmStep>
      ) : (
        <EditorForm onSubmit={step.ask} submitLabel="Share">
          <TextField
            label="Recipient email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={setEmail}
            error={step.error}
          />
        </EditorForm>
      )}
    </Dialog>
  );
}
