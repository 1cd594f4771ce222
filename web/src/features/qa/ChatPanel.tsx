import { useNavigate } from 'react-router-dom';
import { downloadText } from '../../lib/download';
import { chatHistoryText, type Citation } from './chat';
import { ChatInput } from './ChatInput';
import { ChatLog } from './ChatLog';
import { CitationPlayer } from './CitationPlayer';
import type { Resolved } from './campaign-lists';
import { useChat } from './useChat';
import { useCitationAudio } from './useCitationAudio';
import { archiveHref } from './useQaScope';

/** docs/product.md#validation, word for word. */
export const NO_ACCESS_MESSAGE =
  'You need a valid subscription or plan to use the Q&A chatbot. Please upgrade your membership.';

interface Props {
  target: Resolved;
  hasValidAccess: boolean;
}

/** The chat about one session or one campaign; the page mounts a new one for every scope. */
export function ChatPanel({ target, hasValidAccess }: Props) {
  const navigate = useNavigate();
  const { campaign, session } = target;
  const { messages, pending, ask } = useChat(session ? { sessionId: session.id } : { campaignId: campaign.id }, {
    sessionId: session?.id ?? null,
    campaignId: campaign.id,
  });
  const scope = session
    ? ({ kind: 'session', sessionId: session.id, campaignId: campaign.id } as const)
    : ({ kind: 'campaign', campaignId: campaign.id } as const);
  const notReady = session && session.status !== 'READY';
  const passage = useCitationAudio();
  const play = (c: Citation, key: string) => void passage.toggle(c, key);

  return (
    <section className="qa-chat card" aria-labelledby="qa-chat-title">
      <header className="qa-chat-header">
        <div className="qa-chat-heading">
          <p className="qa-chat-kind">{session ? `Session · ${campaign.title}` : 'Whole campaign'}</p>
          <h2 id="qa-chat-title">{session ? session.title : campaign.title}</h2>
        </div>
        <div className="qa-chat-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={messages.length === 0}
            onClick={() => downloadText('chat-history.txt', chatHistoryText(messages))}
          >
            Download Chat
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => navigate(archiveHref(scope))}
          >
            View in Archive
          </button>
        </div>
      </header>
      <ChatLog
        messages={messages}
        pending={pending}
        campaignId={campaign.id}
        playingKey={passage.playing}
        onToggle={play}
        emptyHint={
          !hasValidAccess
            ? 'The Q&A chatbot comes with every paid plan and with the Q&A Chatbot Access add-on.'
            : session
              ? 'Ask anything about this session: who was there, what happened, what was said.'
              : 'Ask anything about this campaign; answers draw on all of its sessions.'
        }
      />
      <CitationPlayer
        audio={passage.audio}
        current={passage.current}
        playing={passage.playing !== null}
        campaignId={campaign.id}
        onToggle={play}
        onClose={passage.close}
      />
      {!hasValidAccess ? (
        <p className="notice qa-blocked">{NO_ACCESS_MESSAGE}</p>
      ) : notReady ? (
        <p className="notice qa-blocked">
          {session.status === 'PROCESSING'
            ? 'This session is currently being processed. Please check back later.'
            : 'Processing for this session failed, so there is nothing to ask about.'}
        </p>
      ) : (
        <ChatInput
          busy={pending}
          placeholder={session ? `Ask about ${session.title}…` : `Ask about ${campaign.title}…`}
          onSend={ask}
        />
      )}
    </section>
  );
}
