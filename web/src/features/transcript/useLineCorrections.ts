import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { userError } from '../../lib/errors';
import { SessionContentQuery } from '../../lib/session-operations';
import { EditTranscriptLineMutation, SetLineGmOnlyMutation, SetLineTableTalkMutation } from './operations';

type Line = TranscriptLineFieldsFragment;

export interface LineCorrections {
  /** Marks the line table talk when it is in game, and back; resolves whether it worked. */
  flip: (line: Line) => Promise<boolean>;
  /** Keeps the line from the campaign's players (GM only), and shares it again; resolves whether it worked. */
  flipGmOnly: (line: Line) => Promise<boolean>;
  /** Saves each line whose text changed, one after another; resolves whether all were saved. */
  saveTexts: (changes: ReadonlyArray<{ line: Line; text: string }>) => Promise<boolean>;
  /** Lines whose flip is on its way (their buttons are busy). */
  flipping: ReadonlySet<string>;
}

/**
 * The owner's corrections of single lines. Each answer is the line itself, which Apollo merges into
 * the cached transcript by its id; a text edit also reloads the session's stored full text (what
 * Download gives). The summaries follow a flip (table talk or GM only) through the session's live updates.
 */
export function useLineCorrections(): LineCorrections {
  const client = useApolloClient();
  const [setTableTalk] = useMutation(SetLineTableTalkMutation);
  const [setGmOnly] = useMutation(SetLineGmOnlyMutation);
  const [editLine] = useMutation(EditTranscriptLineMutation);
  const [flipping, setFlipping] = useState<ReadonlySet<string>>(new Set());

  /** Runs one flip of a line: its buttons are busy meanwhile, the outcome is told as a toast. */
  async function runFlip(line: Line, send: () => Promise<unknown>, done: string): Promise<boolean> {
    setFlipping((s) => new Set(s).add(line.id));
    try {
      await send();
      toast.success(done);
      return true;
    } catch (err) {
      toast.error(userError(err, 'Failed to update transcript').message);
      return false;
    } finally {
      setFlipping((s) => {
        const next = new Set(s);
        next.delete(line.id);
        return next;
      });
    }
  }

  const flip = (line: Line) =>
    runFlip(
      line,
      () => setTableTalk({ variables: { lineId: line.id, tableTalk: !line.tableTalk } }),
      line.tableTalk ? 'Marked as in-game' : 'Marked as table talk',
    );

  const flipGmOnly = (line: Line) =>
    runFlip(
      line,
      () => setGmOnly({ variables: { lineId: line.id, gmOnly: !line.gmOnly } }),
      line.gmOnly ? 'Shared with players' : 'Marked as GM only',
    );

  async function saveTexts(changes: ReadonlyArray<{ line: Line; text: string }>): Promise<boolean> {
    try {
      for (const { line, text } of changes) await editLine({ variables: { lineId: line.id, text } });
      if (changes.length) toast.success('Content updated successfully');
      return true;
    } catch (err) {
      toast.error(userError(err, 'Failed to update transcript').message);
      return false;
    } finally {
      if (changes.length) await client.refetchQueries({ include: [SessionContentQuery] });
    }
  }

  return { flip, flipGmOnly, saveTexts, flipping };
}
