import { useMutation } from '@apollo/client/react';
import { Dialog } from '../../components/Dialog';
import { attempt } from '../../lib/attempt';
import { ARCHIVE_LISTS } from '../../lib/session-operations';
import { DeleteSessionMutation, MoveSessionMutation, RenameSessionMutation } from './operations';
import { DeleteForm } from './DeleteForm';
import { MoveForm } from './MoveForm';
import { PlayedOnForm } from './PlayedOnForm';
import { UpdateSessionPlayedOnMutation } from './played-on-operation';
import { RenameForm } from './RenameForm';

interface Props {
  session: { id: string; title: string; playedOn: string };
  /** Own campaigns the session may move to. */
  targets: readonly { id: string; title: string }[];
  onClose: () => void;
  onMoved: (campaignId: string) => void;
  onDeleted: () => void;
}

/**
 * The owner's session editor: rename and move with confirmation, the date played, delete with the
 * password (docs/product.md#states).
 */
export function SessionEditorDialog({ session, targets, onClose, onMoved, onDeleted }: Props) {
  const [rename] = useMutation(RenameSessionMutation, {
    refetchQueries: [...ARCHIVE_LISTS, 'CampaignContent', 'CampaignRecap'],
    // Campaign summaries carry their sessions' titles in their text; a campaign's cached ones are
    // read afresh when next shown rather than with the old name.
    update: (cache) => {
      for (const id of Object.keys(cache.extract() as object)) {
        if (id.startsWith('Campaign:')) cache.evict({ id, fieldName: 'summaries' });
      }
    },
  });
  const [setPlayedOn] = useMutation(UpdateSessionPlayedOnMutation);
  const [move] = useMutation(MoveSessionMutation, { refetchQueries: ARCHIVE_LISTS, awaitRefetchQueries: true });
  const [remove] = useMutation(DeleteSessionMutation, { refetchQueries: ARCHIVE_LISTS, awaitRefetchQueries: true });

  return (
    <Dialog title="Edit Session" onClose={onClose}>
      <RenameForm
        noun="Session"
        current={session.title}
        onRename={(title) =>
          attempt(
            () => rename({ variables: { id: session.id, title } }),
            'Session renamed successfully',
            'Failed to rename session',
            onClose,
          )
        }
      />
      <PlayedOnForm
        current={session.playedOn}
        onSave={(playedOn) =>
          attempt(
            () => setPlayedOn({ variables: { id: session.id, playedOn } }),
            'Date played saved',
            'Failed to save the date played',
            onClose,
          )
        }
      />
      <MoveForm
        session={session.title}
        targets={targets}
        onMove={(campaignId) =>
          attempt(
            () => move({ variables: { id: session.id, campaignId } }),
            'Session moved successfully',
            'Failed to move session',
            () => onMoved(campaignId),
          )
        }
      />
      <DeleteForm
        noun="Session"
        warning="This removes the session, its audio, summaries and transcript for good."
        onDelete={(password) =>
          attempt(
            () => remove({ variables: { id: session.id, password } }),
            'Session deleted successfully',
            'Failed to delete session',
            onDeleted,
          )
        }
      />
    </Dialog>
  );
}
