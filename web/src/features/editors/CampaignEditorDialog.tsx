import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../components/Dialog';
import { attempt } from '../../lib/attempt';
import { ARCHIVE_LISTS } from '../../lib/session-operations';
import { DeleteCampaignMutation, RenameCampaignMutation } from './operations';
import { CastForm } from './CastForm';
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
 * places the transcription should expect, who is who among the recordings' voices, delete with the
 * password (docs/product.md#states).
 */
export function CampaignEditorDialog({ campaign, onClose, onDeleted }: Props) {
  const [rename] = useMutation(RenameCampaignMutation, { refetchQueries: ARCHIVE_LISTS });
  const [remove] = useMutation(DeleteCampaignMutation, { refetchQueries: ARCHIVE_LISTS, awaitRefetchQueries: true });

  return (
    <Dialog title="Edit Campaign" onClose={onClose}>
      <RenameForm
        noun="Campaign"
        current={campaign.title}
        onRename={(title) =>
          attempt(
            () => rename({ variables: { id: campaign.id, title } }),
            'Campaign renamed successfully',
            'Failed to update campaign title',
            onClose,
          )
        }
      />
      <VocabularyForm campaignId={campaign.id} onSaved={onClose} />
      <CastForm campaignId={campaign.id} onSaved={onClose} />
      <DeleteForm
        noun="Campaign"
        warning="Only campaigns without sessions can be deleted. Move or delete its sessions first."
        onDelete={(password) =>
          attempt(
            () => remove({ variables: { id: campaign.id, password } }),
            'Campaign deleted successfully',
            'Failed to delete campaign',
            onDeleted,
          )
        }
      />
    </Dialog>
  );
}
