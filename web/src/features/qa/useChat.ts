import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { AskMutation } from './operations';
import type { ChatMessage } from './chat';

export type AskScope = { sessionId: string } | { campaignId: string };

/**
 * The conversation about one scope. It lives in component state only: the page mounts a fresh
 * chat for every scope, and nothing is stored, so history neither survives a scope change nor a
 * visit (spec section 4).
 */
export function useChat(scope: AskScope) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [askMutation] = useMutation(AskMutation);
  const nextId = useRef(0);
  // State lags a render behind; two quick Enters must still send only one question.
  const inFlight = useRef(false);
  // An answer that arrives after the user moved on belongs to a chat that no longer exists.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Sends a question; resolves to false when it was not answered, so the caller can offer it again. */
  const ask = async (raw: string): Promise<boolean> => {
    const question = raw.trim();
    if (!question || inFlight.current) return false;
    inFlight.current = true;
    const id = ++nextId.current;
    setMessages((list) => [...list, { id, type: 'send', content: question }]);
    setPending(true);
    try {
      const { data } = await askMutation({ variables: { input: { ...scope, question } } });
      if (!data) throw new Error('No answer in the response');
      if (!alive.current) return true;
      const { text, found, citations } = data.ask;
      setMessages((list) => [
        ...list,
        // Without a relevant passage the answer says so plainly and cites nothing (docs/qa-contract.md).
        { id: ++nextId.current, type: 'received', content: text, citations: found ? citations : [] },
      ]);
      return true;
    } catch (error) {
      if (!alive.current) return true;
      // Spec section 4: a question that got no answer leaves the conversation again.
      setMessages((list) => list.filter((m) => m.id !== id));
      toast.error(userError(error, 'Failed to get answer').message);
      return false;
    } finally {
      inFlight.current = false;
      if (alive.current) setPending(false);
    }
  };

  return { messages, pending, ask };
}
