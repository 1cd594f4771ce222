import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';
import { MenuButton } from '../../components/MenuButton';
import type { LineCorrections } from './useLineCorrections';

interface Props {
  line: TranscriptLineFieldsFragment;
  corrections: LineCorrections;
}

/**
 * The owner's controls on a line: flip it between in-game and table talk, and keep it from the
 * players the campaign is shared with (GM only) or share it again. A GM-only line says so at all
 * times. With a fine pointer on a wide screen the two buttons show on hover and focus, in a column
 * of their own beside the line (never over its words); on touch screens and narrow windows they sit
 * in one per-line menu instead, so a phone shows a single
 * 44 px control per line (transcript-corrections.css). While a flip is on its way they are
 * aria-disabled rather than disabled, so a keyboard user's focus stays where it was.
 */
export function LineActions({ line, corrections }: Props) {
  const busy = corrections.flipping.has(line.id);
  // Keyed by what they do, not their words: a flip renames the button, and the focus must stay on it.
  // `short` is what a desktop shows beside the line (its column is narrow), as tags in lower case so
  // they never read as the line's own marks ("Table talk", "GM only"); the name says the action whole.
  const actions = [
    {
      id: 'table-talk',
      label: line.tableTalk ? 'Mark in-game' : 'Mark table talk',
      short: line.tableTalk ? 'in-game' : 'table talk',
      run: corrections.flip,
    },
    {
      id: 'gm-only',
      label: line.gmOnly ? 'Share with players' : 'Mark GM only',
      short: line.gmOnly ? 'share' : 'GM-only',
      run: corrections.flipGmOnly,
    },
  ];
  const run = (flip: (line: TranscriptLineFieldsFragment) => Promise<boolean>) => {
    if (!busy) void flip(line);
  };
  return (
    <>
      {line.gmOnly && <span className="gm-only-badge">GM only</span>}
      <span className="line-action-buttons">
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            className="line-action"
            aria-label={a.label}
            title={a.label}
            aria-disabled={busy}
            onClick={() => run(a.run)}
          >
            {a.short}
          </button>
        ))}
      </span>
      <MenuButton
        className="line-menu-button"
        rootClassName="line-menu"
        menuClassName="line-menu-list"
        label={`Line actions at ${clock(line.startMs, { short: true })}`}
        items={actions.map((a) => (
          <button
            key={a.id}
            type="button"
            role="menuitem"
            className="export-menu-link line-menu-item"
            aria-disabled={busy}
            onClick={() => run(a.run)}
          >
            {a.label}
          </button>
        ))}
      >
        <span aria-hidden="true">⋯</span>
      </MenuButton>
    </>
  );
}
