import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { Dialog } from '../../../components/Dialog';
import { userError } from '../../../lib/errors';
import { ShareCampaignMutation } from '../mutations';

interface Props {
  campaign: { id: string; title: string };
  onClose: () => void;
}

/** Share read-only by e-mail: address, then 'Share … with …?', then send (spec section 4). */
export function ShareDialog({ campaign, onClose }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [share, { loading }] = useMutation(ShareCampaignMutation);

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setError('Please enter an email address');
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function send() {
    const recipient = email.trim();
    try {
      await share({ variables: { campaignId: campaign.id, email: recipient } });
      toast.success(`Campaign shared with ${recipient}`);
      onClose();
    } catch (err) {
      toast.error(userError(err, 'Failed to share campaign').message);
      setConfirming(false);
    }
  }

  return (
    <Dialog title="Share Campaign" onClose={onClose}>
      {confirming ? (
        <div className="editor-section">
          <p>
            Share “{campaign.title}” with {email.trim()}?
          </p>
          <p className="muted">
            They will be able to read its sessions, summaries and transcripts, but not change them.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Back
            </button>
            <button type="button" className="button button-primary" disabled={loading} onClick={() => void send()}>
              {loading ? 'Sharing...' : 'Send'}
            </button>
          </div>
        </div>
      ) : (
        <form className="editor-section" onSubmit={ask} noValidate>
          <div className="field">
            <label htmlFor={id}>Recipient email</label>
            <input
              id={id}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button button-primary">
              Share
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
