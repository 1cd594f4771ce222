import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../components/Dialog';
import { attempt } from '../../lib/attempt';
import { ARCHIVE_LISTS } from '../../lib/session-operations';
import { RemoveSharedCampaignMutation } from './operations';
import { ConfirmStep } from './EditorSection';

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

  const confirm = () =>
    void attempt(
      () => remove({ variables: { shareId } }),
      'Shared campaign removed',
      'Failed to remove shared campaign',
      onRemoved,
    );

  return (
    <Dialog title="Remove from Shared" onClose={onClose}>
      <ConfirmStep
        backLabel="Cancel"
        onBack={onClose}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={loading}
        tone="danger"
        onConfirm={confirm}
      >
        <p>
          Remove “{title}” from your shared campaigns? You will no longer be able to read it unless it is shared with
          you again.
        </p>
      </ConfirmStep>
    </Dialog>
  );
}
