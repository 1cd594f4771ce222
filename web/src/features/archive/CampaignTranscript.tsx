import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { playedOnLabel } from '../../lib/played-on';
import type { ArchiveCampaign } from './archive-campaign';
import { inPlayOrder } from './campaign-transcript';
import { RichText } from '../../components/RichText';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { TranscriptLines } from '../player';
import { TableTalkToggle, useShowTableTalk } from '../transcript';
import { SessionFullTextQuery } from './operations';
import './campaign-transcript.css';

type Session = ArchiveCampaign['sessions'][number];

interface Props {
  campaignId: string;
  sessions: readonly Session[];
  /** The owner sees GM-only lines marked; a recipient never receives them. */
  owner: boolean;
}

/**
 * A campaign's Full Transcript: its processed sessions in play order, each with its title and day
 * and its lines as the reader may read them (the api leaves GM-only lines out for recipients),
 * table talk shown or hidden as in a session's view. Read-only: lines are corrected in the session.
 * A campaign can hold dozens of long sessions, so each loads its lines only as it nears the screen.
 */
export function CampaignTranscript({ campaignId, sessions, owner }: Props) {
  const [show, setShow] = useShowTableTalk();
  const played = inPlayOrder(sessions);
  if (!played.length) return <p className="muted">No full transcript yet.</p>;
  return (
    <div className="campaign-transcript">
      <TableTalkToggle show={show} onChange={setShow} count={0} />
      {played.map((s) => (
        <SessionPart key={s.id} campaignId={campaignId} session={s} show={show} owner={owner} />
      ))}
    </div>
  );
}

function SessionPart({
  campaignId,
  session,
  show,
  owner,
}: { session: Session; show: boolean } & Omit<Props, 'sessions'>) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearScreen(ref);
  const headingId = `campaign-transcript-${session.id}`;
  return (
    <section ref={ref} className="campaign-transcript-session" aria-labelledby={headingId}>
      <header className="campaign-transcript-header">
        <h3 id={headingId}>{session.title}</h3>
        <p className="muted">
          Played <time dateTime={session.playedOn}>{playedOnLabel(session.playedOn)}</time> ·{' '}
          <Link to={`/archive?transcript_id=${session.id}&campaign_id=${campaignId}`}>Open session</Link>
        </p>
      </header>
      {near ? (
        <SessionLines sessionId={session.id} show={show} owner={owner} />
      ) : (
        <p className="muted campaign-transcript-pending">Loading…</p>
      )}
    </section>
  );
}

const gmOnlyBadge = (line: TranscriptLineFieldsFragment) =>
  line.gmOnly ? <span className="gm-only-badge">GM only</span> : null;

function SessionLines({ sessionId, show, owner }: { sessionId: string; show: boolean; owner: boolean }) {
  // The same query (and cache entry) as the session's own Full Transcript.
  const lines = useQuery(SessionTranscriptLinesQuery, { variables: { id: sessionId } });
  const all = lines.data?.session.transcriptLines ?? [];
  // Sessions transcribed before lines were kept have only their stored text.
  const stored = useQuery(SessionFullTextQuery, { variables: { id: sessionId }, skip: !lines.data || all.length > 0 });
  if (lines.error || stored.error) return <p className="muted">This session&apos;s transcript could not be loaded.</p>;
  if (!lines.data || (!all.length && !stored.data))
    return <p className="muted campaign-transcript-pending">Loading…</p>;
  if (!all.length) {
    const text = stored.data?.session.fullTranscript ?? '';
    return text ? <RichText html={text} /> : <p className="muted">No transcript.</p>;
  }
  const visible = show ? all : all.filter((l) => !l.tableTalk);
  const hidden = all.length - visible.length;
  return (
    <>
      {hidden > 0 && (
        <p className="muted table-talk-hidden">
          {hidden === 1 ? '1 table-talk line hidden' : `${hidden} table-talk lines hidden`}
        </p>
      )}
      <TranscriptLines lines={visible} actions={owner ? gmOnlyBadge : undefined} />
    </>
  );
}

/** Becomes true once the element is within a screen or so of the viewport, and stays true. */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '600px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
