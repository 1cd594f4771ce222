import type { TranscriptLineFieldsFragment } from '../../../gql/graphql';
import type { LineCorrections } from './useLineCorrections';

interface Props {
  line: TranscriptLineFieldsFragment;
  corrections: LineCorrections;
}

/**
 * The owner's control on a line: flip it between in-game and table talk. Shown on hover and focus
 * where there is a pointer, always on touch screens (transcript-corrections.css).
 */
export function LineActions({ line, corrections }: Props) {
  const busy = corrections.flipping.has(line.id);
  return (
    <button type="button" className="line-action" disabled={busy} onClick={() => void corrections.flip(line)}>
      {line.tableTalk ? 'Mark in-game' : 'Mark table talk'}
    </button>
  );
}
