/**
 * A one-line box to write a message in, and its Send button: the room's chat and a private
 * conversation use it alike. A message too long is told at once rather than cut short (a pasted
 * paragraph would lose its end unseen), Send waits until it fits, and a refused send is said
 * under the box. Once sent, what was sent is cleared, not what was typed since: a fast typist's
 * next message stays.
 */
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../api/client';

export interface MessageBoxProps {
  /** The block's class: its parts are `${block}__form`, `__input` and `__problem`. */
  block: string;
  label: string;
  placeholder: string;
  sendLabel: string;
  buttonClassName: string;
  /** The longest message, and what is said of a longer one. */
  max: number;
  tooLong: string;
  /** Sends the text; a rejection is shown under the box, and the text kept. */
  send: (text: string) => Promise<unknown>;
}

export function MessageBox({
  block,
  label,
  placeholder,
  sendLabel,
  buttonClassName,
  max,
  tooLong,
  send,
}: MessageBoxProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problemId = useId();

  const isTooLong = text.trim().length > max;
  const shownProblem = isTooLong ? tooLong : problem;
  const canSend = !sending && !isTooLong && text.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    const sent = text;
    setSending(true);
    setProblem(null);
    send(sent)
      .then(() => setText((current) => (current === sent ? '' : current)))
      .catch((error: unknown) => setProblem(errorText(error)))
      .finally(() => setSending(false));
  };

  return (
    <form className={`${block}__form`} onSubmit={submit}>
      <input
        className={`${block}__input`}
        aria-label={label}
        aria-describedby={shownProblem ? problemId : undefined}
        aria-invalid={isTooLong || undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={buttonClassName} disabled={!canSend}>
        {sendLabel}
      </button>
      {shownProblem && (
        <p id={problemId} className={`${block}__problem`} role="alert">
          {shownProblem}
        </p>
      )}
    </form>
  );
}
