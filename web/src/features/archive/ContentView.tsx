import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionStatus } from '../../gql/graphql';
import { VIEW_KINDS, VIEW_LABELS, VIEW_SHORT_LABELS, type ViewKind } from './content-kinds';
import { RichText } from '../../components/RichText';
import { LiveTranscript } from './LiveTranscript';
import { ProcessingNotice } from './ProcessingNotice';
import { ExportMenu } from './ExportMenu';
import { DownloadMenu } from './DownloadMenu';
import { CampaignTranscript } from './CampaignTranscript';
import { inPlayOrder } from './campaign-transcript';
import type { ArchiveCampaign } from './archive-campaign';
import {
  CorrectableTranscript,
  SummariesGmOnlySwitch,
  SummaryRefresh,
  useSummariesGmOnly,
  type Moment,
} from '../transcript';
import { SummaryWriterNote } from './SummaryWriterNote';
import { useContent, type ContentTarget } from './useContent';
import { useArchiveSelection } from '../../lib/useArchiveSelection';
import { useDownloadable } from './useDownloadable';
import { PlayableSummary, SessionTimeline } from '../recap';

/** docs/product.md#states: what a session shows instead of its texts while it cannot be read. */
const STATUS_TEXT: Partial<Record<SessionStatus, string>> = {
  PROCESSING: 'This session is currently being processed. Please check back later.',
  FAILED:
    'Processing for this session failed. Please try uploading the file again. If the problem persists, contact support.',
};

interface Props {
  target: ContentTarget;
  /** Used for the download's file name. */
  title: string;
  readOnly: boolean;
  /** A campaign's sessions: its Full Transcript is theirs. */
  sessions?: ArchiveCampaign['sessions'];
}

/**
 * The four views of a session or campaign, with edit, Download and Q & A. The parent remounts it
 * per selection, which is what resets the view to Brief Summary and cancels an edit (docs/product.md#states).
 */
export function ContentView({ target, title, readOnly, sessions = [] }: Props) {
  const content = useContent(target);
  // A link to a moment of the session (`t`, from a Q&A citation) opens where that moment is.
  const { timeMs } = useArchiveSelection();
  const [view, setView] = useState<ViewKind>(timeMs !== null && target.kind === 'session' ? 'full' : 'brief');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A scene picked on the timeline (or a sentence without a recording): the transcript plays from there.
  const [moment, setMoment] = useState<Moment | null>(null);
  const openAt = (ms: number) => {
    setView('full');
    setDraft(null);
    setMoment({ ms, seq: (moment?.seq ?? 0) + 1 });
  };
  const statusText = content.status ? STATUS_TEXT[content.status] : undefined;
  const blocked = statusText !== undefined;
  // Only the first load waits: a reload (a summary refresh settling) keeps the view, its focus and
  // the recording playing, and swaps the texts in when they arrive.
  const waiting = content.loading && content.status === null;
  const text = content.texts[view];
  const summary = target.kind === 'session' && view !== 'full';
  const gmOnly = useSummariesGmOnly(target.kind === 'session' ? target.id : null);
  // A recording without speech (silence, noise) is READY with no line and no summary: said as it
  // is, not as if texts were still to come. Only to its owner: a recipient's transcript is empty
  // when every line is GM-only.
  const noSpeech =
    target.kind === 'session' && content.status === 'READY' && !readOnly && !content.loading && !content.texts.full;
  // A summary the owner rewrote is theirs: shown as written, and no writer's note claims it.
  const generated = summary && !content.edited.includes(view);
  const note = generated && <SummaryWriterNote sessionId={target.id} />;
  const asStored = (
    <>
      <RichText html={text} />
      {note}
    </>
  );
  // A recipient reads GM-only summaries empty: said as it is, not as if they were still to come.
  const stored = text ? (
    generated && content.recap ? (
      <PlayableSummary
        sessionId={target.id}
        kind={view}
        recap={content.recap}
        html={text}
        onOpen={openAt}
        fallback={asStored}
        note={note}
      />
    ) : (
      asStored
    )
  ) : (
    <p className="muted">
      {noSpeech
        ? 'No speech was found in this recording.'
        : summary && gmOnly && readOnly
          ? "This session's summaries aren't shared with players."
          : `No ${VIEW_LABELS[view].toLowerCase()} yet.`}
    </p>
  );
  // A campaign's full transcript is its sessions' lines, corrected in each session: nothing to edit here.
  const campaignTranscript = target.kind === 'campaign' && view === 'full';
  const downloadable = useDownloadable(target, title, content.texts);
  const available = {
    brief: Boolean(content.texts.brief),
    moderate: Boolean(content.texts.moderate),
    detailed: Boolean(content.texts.detailed),
    full: target.kind === 'campaign' ? inPlayOrder(sessions).length > 0 : Boolean(content.texts.full),
  };
  const qaLink = target.kind === 'session' ? `/qa?transcript_id=${target.id}` : `/qa?campaign_id=${target.id}`;

  async function save() {
    if (draft === null) return;
    setSaving(true);
    const done = await content.save(view, draft);
    setSaving(false);
    if (done) setDraft(null);
  }

  const editor = (
    <div className="content-editor">
      <textarea
        aria-label={`${VIEW_LABELS[view]} text`}
        value={draft ?? ''}
        onChange={(e) => setDraft(e.target.value)}
        disabled={saving}
        rows={16}
      />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => setDraft(null)} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </div>
  );
  // A session's full transcript is edited line by line (times and marks kept) where it has lines.
  const transcript = target.kind === 'session' && view === 'full' && (
    <CorrectableTranscript
      sessionId={target.id}
      canCorrect={!readOnly}
      fallback={stored}
      moment={moment}
      editing={draft !== null ? { onDone: () => setDraft(null), plainText: editor } : null}
    />
  );

  return (
    <>
      <div className="content-toolbar">
        <div className="view-buttons" role="group" aria-label="View">
          {VIEW_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              className={`view-button${view === kind ? ' active' : ''}`}
              aria-pressed={view === kind}
              aria-label={VIEW_LABELS[kind]}
              disabled={blocked}
              onClick={() => {
                setView(kind);
                setDraft(null);
                setMoment(null);
              }}
            >
              <span className="view-label">{VIEW_LABELS[kind]}</span>
              <span className="view-label-short" aria-hidden="true">
                {VIEW_SHORT_LABELS[kind]}
              </span>
            </button>
          ))}
        </div>
        <div className="content-actions">
          {!readOnly && !campaignTranscript && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Edit ${VIEW_LABELS[view]}`}
              disabled={blocked || draft !== null || content.loading}
              onClick={() => {
                setDraft(text);
                // Back from the editor the transcript opens where it was, not at the scene picked before.
                setMoment(null);
              }}
            >
              <span aria-hidden="true">✎</span> Edit
            </button>
          )}
          <DownloadMenu downloadable={downloadable} available={available} disabled={blocked || content.loading} />
          {target.kind === 'session' && content.status === 'READY' && <ExportMenu sessionId={target.id} />}
          {blocked ? (
            <a className="button button-secondary button-small" role="link" aria-disabled="true">
              Q &amp; A
            </a>
          ) : (
            <Link className="button button-secondary button-small" to={qaLink}>
              Q &amp; A
            </Link>
          )}
        </div>
      </div>
      <div className="content-body">
        {target.kind === 'session' && content.status === 'READY' && (
          <SummaryRefresh sessionId={target.id} stage={content.processing?.stage ?? null} />
        )}
        {target.kind === 'session' && content.status === 'READY' && content.recap && draft === null && (
          <SessionTimeline sessionId={target.id} recap={content.recap} onPick={openAt} />
        )}
        {summary && !readOnly && content.status === 'READY' && draft === null && (
          <SummariesGmOnlySwitch sessionId={target.id} gmOnly={gmOnly} />
        )}
        {statusText && target.kind === 'session' && content.processing ? (
          <>
            <ProcessingNotice sessionId={target.id} state={content.processing} text={statusText} canRetry={!readOnly} />
            {content.processing.status === 'PROCESSING' && (
              <LiveTranscript sessionId={target.id} stage={content.processing.stage} />
            )}
          </>
        ) : transcript && (draft !== null || !waiting) ? (
          transcript
        ) : campaignTranscript ? (
          <CampaignTranscript campaignId={target.id} sessions={sessions} owner={!readOnly} />
        ) : draft !== null ? (
          editor
        ) : waiting ? (
          <p className="muted">Loading…</p>
        ) : (
          stored
        )}
      </div>
    </>
  );
}
