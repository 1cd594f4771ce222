import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { attempt } from '../../lib/attempt';
import { CampaignSharesQuery, ShareCampaignMutation } from './operations';
import { ConfirmStep, EditorForm } from './EditorSection';
import { ShareList } from './ShareList';
import { useConfirmation } from './useConfirmation';
import './share-dialog.css';

interface Props {
  campaign: { id: string; title: string };
  onClose: () => void;
}

/**
 * Who has access, each with Remove (issue 25), and sharing with one more address: e-mail, then
 * 'Share … with …?', then send (docs/product.md#states).
 */
export function ShareDialog({ campaign, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState(false);
  const [share] = useMutation(ShareCampaignMutation, { refetchQueries: [CampaignSharesQuery] });
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
      {!step.confirming && <ShareList campaign={campaign} onConfirming={setRemoving} />}
      {removing ? null : step.confirming ? (
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
            They will be able to read its sessions, summaries and transcripts, but not change them. We will e-mail them
            a link.
          </p>
        </ConfirmStep>
      ) : (
        <EditorForm heading="Add someone" onSubmit={step.ask} submitLabel="Share">
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
