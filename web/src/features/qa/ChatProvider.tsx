import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { AskMutation } from './operations';
import type { ChatMessage } from './chat';

export type AskScope = { sessionId: string } | { campaignId: string };
/** Where the chat is, as the Q&A page's URL says it, to reopen it there. */
export interface ChatPlace {
  sessionId: string | null;
  campaignId: string;
}

/** The one conversation of the visit: about one scope, numbered so a late answer finds its own. */
interface Conversation {
  key: string;
  place: ChatPlace | null;
  generation: number;
  messages: ChatMessage[];
  pending: boolean;
}

interface Store {
  conversation: Conversation;
  /** Starts afresh on a scope other than the one held. */
  open: (key: string, place: ChatPlace) => void;
  ask: (key: string, scope: AskScope, question: string) => Promise<boolean>;
}

const ChatContext = createContext<Store | null>(null);

const keyOf = (scope: AskScope) =>
  'sessionId' in scope ? `session:${scope.sessionId}` : `campaign:${scope.campaignId}`;

/**
 * Holds the Q&A conversation above the routes, so leaving Q&A (to the archive a citation opens,
 * say) and coming back finds it as it was. Only in memory: a reload or a new visit starts empty,
 * and another session or campaign clears it.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const [conversation, setConversation] = useState<Conversation>({
    key: '',
    place: null,
    generation: 0,
    messages: [],
    pending: false,
  });
  const [askMutation] = useMutation(AskMutation);
  // State lags a render behind: these let two quick Enters send one question, and a late answer
  // see whether its conversation is still the one held.
  const current = useRef(conversation);
  useLayoutEffect(() => {
    current.current = conversation;
  }, [conversation]);
  const inFlight = useRef(false);
  const nextId = useRef(0);

  // Signing out clears Apollo's store; the conversation goes with it, so the next account never sees it.
  const client = useApolloClient();
  useEffect(
    () =>
      client.onClearStore(async () => {
        setConversation((c) => ({ key: '', place: null, generation: c.generation + 1, messages: [], pending: false }));
      }),
    [client],
  );

  const open = useCallback((key: string, place: ChatPlace) => {
    setConversation((c) =>
      c.key === key ? { ...c, place } : { key, place, generation: c.generation + 1, messages: [], pending: false },
    );
  }, []);

  const ask = useCallback(
    async (key: string, scope: AskScope, raw: string): Promise<boolean> => {
      const question = raw.trim();
      if (!question || inFlight.current || current.current.key !== key) return false;
      inFlight.current = true;
      const { generation } = current.current;
      const mine = (update: (c: Conversation) => Conversation) =>
        setConversation((c) => (c.generation === generation ? update(c) : c));
      const id = ++nextId.current;
      mine((c) => ({ ...c, pending: true, messages: [...c.messages, { id, type: 'send', content: question }] }));
      try {
        const { data } = await askMutation({ variables: { input: { ...scope, question } } });
        if (!data) throw new Error('No answer in the response');
        const { text, found, citations } = data.ask;
        // Without a relevant passage the answer says so plainly and cites nothing (docs/qa-contract.md).
        const answer: ChatMessage = {
          id: ++nextId.current,
          type: 'received',
          content: text,
          citations: found ? citations : [],
        };
        mine((c) => ({ ...c, messages: [...c.messages, answer] }));
        return true;
      } catch (error) {
        // docs/product.md#states: a question that got no answer leaves the conversation again.
        mine((c) => ({ ...c, messages: c.messages.filter((m) => m.id !== id) }));
        if (current.current.generation !== generation) return true;
        toast.error(userError(error, 'Failed to get answer').message);
        return false;
      } finally {
        inFlight.current = false;
        mine((c) => ({ ...c, pending: false }));
      }
    },
    [askMutation],
  );

  return <ChatContext.Provider value={{ conversation, open, ask }}>{children}</ChatContext.Provider>;
}

/** Where the held conversation is, if it has a question in it: the Q&A page reopens it there. */
export function useHeldChatPlace(): ChatPlace | null {
  const store = useContext(ChatContext);
  const c = store?.conversation;
  return c && c.messages.length > 0 ? c.place : null;
}

/** The conversation about one scope: the held one when it is about that scope, a fresh one otherwise. */
export function useChatStore(scope: AskScope) {
  const store = useContext(ChatContext);
  if (!store) throw new Error('useChat needs a ChatProvider above it');
  const key = keyOf(scope);
  const { conversation, open, ask } = store;
  const held = conversation.key === key;
  return {
    key,
    held,
    open,
    messages: held ? conversation.messages : [],
    pending: held && conversation.pending,
    ask: (question: string) => ask(key, scope, question),
  };
}
