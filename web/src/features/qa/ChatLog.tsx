import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { citationHref, citationLabel, type ChatMessage, type Citation } from './chat';
import './citations.css';

interface Props {
  messages: readonly ChatMessage[];
  pending: boolean;
  /** The campaign a cited session belongs to, for the archive link. */
  campaignId: string;
  emptyHint: string;
  /** The key of the citation playing now (`messageId:index`), and how to start or stop one. */
  playingKey: string | null;
  onToggle: (citation: Citation, key: string) => void;
}

/**
 * The conversation, newest at the bottom; answers list the passages they cite, each with a button
 * that plays the passage in place and a link that opens it in the archive.
 */
export function ChatLog({ messages, pending, campaignId, emptyHint, playingKey, onToggle }: Props) {
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
                {m.citations.map((c, i) => {
                  const key = `${m.id}:${i}`;
                  const playing = playingKey === key;
                  return (
                    <li key={i} className={playing ? 'playing' : undefined}>
                      <button
                        type="button"
                        className="qa-citation-play"
                        aria-label={`${playing ? 'Stop' : 'Play'} ${citationLabel(c)}`}
                        aria-pressed={playing}
                        onClick={() => onToggle(c, key)}
                      >
                        <span aria-hidden="true">{playing ? '■' : '▶'}</span>
                      </button>
                      {/* The answer text already carries or paraphrases the passage; the link offers it on hover. */}
                      <Link to={citationHref(c, campaignId)} title={`View in Archive: ${c.quote}`}>
                        {citationLabel(c)}
                      </Link>
                    </li>
                  );
                })}
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
