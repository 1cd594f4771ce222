import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { Dialog } from '../../../components/Dialog';
import { userError } from '../../../lib/errors';
import { DeleteCampaignMutation, RenameCampaignMutation } from '../mutations';
import { ARCHIVE_LISTS } from '../operations';
import { DeleteForm } from './DeleteForm';
import { RenameForm } from './RenameForm';
import { VocabularyForm } from './VocabularyForm';

interface Props {
  campaign: { id: string; title: string };
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * The owner's campaign editor (recipients never get it): rename with confirmation, the names and
 * places the transcription should expect, delete with the password (spec section 4).
 */
export function CampaignEditorDialog({ campaign, onClose, onDeleted }: Props) {
  const [rename] = useMutation(RenameCampaignMutation, { refetchQueries: ARCHIVE_LISTS });
  const [remove] = useMutation(DeleteCampaignMutation, { refetchQueries: ARCHIVE_LISTS, awaitRefetchQueries: true });

  async function onRename(title: string) {
    try {
      await rename({ variables: { id: campaign.id, title } });
      toast.success('Campaign renamed successfully');
      onClose();
      return true;
    } catch (err) {
      toast.error(userError(err, 'Failed to update campaign title').message);
      return false;
    }
  }

  async function onDelete(password: string) {
    try {
      await remove({ variables: { id: campaign.id, password } });
      toast.success('Campaign deleted successfully');
      onDeleted();
      return true;
    } catch (err) {
      toast.error(userError(err, 'Failed to delete campaign').message);
      return false;
    }
  }

  return (
    <Dialog title="Edit Campaign" onClose={onClose}>
      <RenameForm noun="Campaign" current={campaign.title} onRename={onRename} />
      <VocabularyForm campaignId={campaign.id} onSaved={onClose} />
      <DeleteForm
        noun="Campaign"
        warning="Only campaigns without sessions can be deleted. Move or delete its sessions first."
        onDelete={onDelete}
      />
    </Dialog>
  );
}
