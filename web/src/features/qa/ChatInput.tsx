import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

/** docs/product.md#plans-and-limits: the chat input grows with its text up to this height, then scrolls. */
const MAX_HEIGHT_PX = 160;
/** docs/qa-contract.md: the api refuses longer questions. */
const MAX_QUESTION_LENGTH = 1000;

interface Props {
  /** True while a question is in flight: typing goes on, sending waits. */
  busy: boolean;
  placeholder: string;
  onSend: (question: string) => Promise<boolean>;
}

/** The question box: Enter sends, Shift+Enter starts a new line (docs/product.md#validation). */
export function ChatInput({ busy, placeholder, onSend }: Props) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const canSend = !busy && text.trim() !== '';

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // Measure from the smallest height so the box also shrinks when lines are deleted.
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [text]);

  const send = async () => {
    if (!canSend) return;
    const question = text;
    setText('');
    const answered = await onSend(question);
    // A question that failed is offered again, unless the user has started typing another.
    if (!answered) setText((current) => (current === '' ? question : current));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a candidate; it does not send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  return (
    <form className="qa-input" onSubmit={onSubmit}>
      <label htmlFor="qa-question" className="visually-hidden">
        Your question
      </label>
      <textarea
        id="qa-question"
        ref={box}
        rows={1}
        maxLength={MAX_QUESTION_LENGTH}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary" disabled={!canSend}>
        Send
      </button>
    </form>
  );
}
