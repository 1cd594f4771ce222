import toast from 'react-hot-toast';
import { downloadText } from '../../lib/download';
import { VIEW_KINDS, VIEW_LABELS, type ViewKind } from './content-kinds';
import { downloadFile, type Downloadable, type FileFormat, type FileKind } from './download-files';
import { MenuButton } from '../../components/MenuButton';

interface Props {
  downloadable: Downloadable;
  /** Which texts exist (an empty one cannot be saved). */
  available: Record<ViewKind, boolean>;
  disabled: boolean;
}

const FORMATS: FileFormat[] = ['txt', 'md'];
const ROWS: Array<{ kind: FileKind; label: string }> = [
  ...VIEW_KINDS.map((kind) => ({ kind, label: VIEW_LABELS[kind] })),
  { kind: 'all', label: 'All in one file' },
];

/**
 * Download: the transcript and each summary as a plain-text (docs/product.md#plans-and-limits's name) or Markdown
 * file, or all of them in one, saved in the browser from what the viewer may read.
 */
export function DownloadMenu({ downloadable, available, disabled }: Props) {
  const exists = (kind: FileKind) => (kind === 'all' ? VIEW_KINDS.some((k) => available[k]) : available[kind]);

  async function save(kind: FileKind, format: FileFormat) {
    try {
      const file = await downloadFile(downloadable, kind, format);
      downloadText(file.name, file.text);
    } catch {
      toast.error('Failed to download');
    }
  }

  return (
    <MenuButton
      className="button button-secondary button-small"
      menuClassName="download-menu"
      disabled={disabled}
      items={ROWS.map(({ kind, label }) => (
        <div key={kind} className="download-menu-row" role="presentation">
          <span aria-hidden="true">{label}</span>
          {FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="export-menu-link download-menu-format"
              aria-label={`${label} (.${format})`}
              aria-disabled={!exists(kind)}
              onClick={() => {
                if (exists(kind)) void save(kind, format);
              }}
            >
              .{format}
            </button>
          ))}
        </div>
      ))}
    >
      Download <span aria-hidden="true">▾</span>
    </MenuButton>
  );
}
