import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { Dialog } from '../../../components/Dialog';
import { userError } from '../../../lib/errors';
import { RemoveSharedCampaignMutation } from '../mutations';
import { ARCHIVE_LISTS } from '../operations';

interface Props {
  shareId: string;
  title: string;
  onClose: () => void;
  onRemoved: () => void;
}

/** A recipient's only change: dropping a shared campaign from their list, after a confirmation. */
export function RemoveSharedDialog({ shareId, title, onClose, onRemoved }: Props) {
  const [remove, { loading }] = useMutation(RemoveSharedCampaignMutation, {
    refetchQueries: ARCHIVE_LISTS,
    awaitRefetchQueries: true,
  });

  async function confirm() {
    try {
      await remove({ variables: { shareId } });
      toast.success('Shared campaign removed');
      onRemoved();
    } catch (err) {
      toast.error(userError(err, 'Failed to remove shared campaign').message);
    }
  }

  return (
    <Dialog title="Remove from Shared" onClose={onClose}>
      <div className="editor-section">
        <p>
          Remove “{title}” from your shared campaigns? You will no longer be able to read it unless it is shared with
          you again.
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-danger" disabled={loading} onClick={() => void confirm()}>
            {loading ? 'Removing...' : 'Remove'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
