import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { citationLabel, type ChatMessage, type Citation } from './chat';

interface Props {
  messages: readonly ChatMessage[];
  pending: boolean;
  /** The campaign a cited session belongs to, for the archive link. */
  campaignId: string;
  emptyHint: string;
}

function citationHref(citation: Citation, campaignId: string): string {
  return `/archive?${new URLSearchParams({ transcript_id: citation.sessionId, campaign_id: campaignId }).toString()}`;
}

/** The conversation, newest at the bottom; answers list the passages they cite as links into the archive. */
export function ChatLog({ messages, pending, campaignId, emptyHint }: Props) {
  const log = useRef<HTMLDivElement>(null);
  // Follow the newest message inside the log without scrolling the page around it.
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending]);

  return (
    <div ref={log} className="qa-log" role="log" aria-label="Conversation">
      {messages.length === 0 && !pending && <p className="qa-hint muted">{emptyHint}</p>}
      {messages.map((m) =>
        m.type === 'send' ? (
          <div key={m.id} className="qa-message qa-message-send">
            <span className="visually-hidden">You: </span>
            {m.content}
          </div>
        ) : (
          <div key={m.id} className="qa-message qa-message-received">
            <span className="visually-hidden">Answer: </span>
            {m.content}
            {m.citations.length > 0 && (
              <ul className="qa-citations" aria-label="Sources">
                {m.citations.map((c, i) => (
                  <li key={i}>
                    {/* The answer text already carries or paraphrases the passage; the link offers it on hover. */}
                    <Link to={citationHref(c, campaignId)} title={c.quote}>
                      {citationLabel(c)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      )}
      {pending && (
        <div className="qa-message qa-message-received qa-thinking" role="status">
          Thinking
          <span className="qa-dots" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
