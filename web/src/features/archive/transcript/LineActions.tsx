import type { TranscriptLineFieldsFragment } from '../../../gql/graphql';
import type { LineCorrections } from './useLineCorrections';

interface Props {
  line: TranscriptLineFieldsFragment;
  corrections: LineCorrections;
}

/**
 * The owner's controls on a line: flip it between in-game and table talk, and keep it from the
 * players the campaign is shared with (GM only) or share it again. A GM-only line says so at all
 * times; the buttons show on hover and focus where there is a pointer, always on touch screens
 * (transcript-corrections.css). While a flip is on its way they are aria-disabled rather than
 * disabled, so a keyboard user's focus stays on the button they pressed.
 */
export function LineActions({ line, corrections }: Props) {
  const busy = corrections.flipping.has(line.id);
  const unlessBusy = (flip: (line: TranscriptLineFieldsFragment) => Promise<boolean>) => () => {
    if (!busy) void flip(line);
  };
  return (
    <>
      {line.gmOnly && <span className="gm-only-badge">GM only</span>}
      <span className="line-action-buttons">
        <button type="button" className="line-action" aria-disabled={busy} onClick={unlessBusy(corrections.flip)}>
          {line.tableTalk ? 'Mark in-game' : 'Mark table talk'}
        </button>
        <button type="button" className="line-action" aria-disabled={busy} onClick={unlessBusy(corrections.flipGmOnly)}>
          {line.gmOnly ? 'Share with players' : 'Mark GM only'}
        </button>
      </span>
    </>
  );
}
