import { limits } from '@confab/protocol/limits';
import { SendHorizontal, Square } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isPresent, promptProblem } from './input-rules';

/**
 * docs/product.md#chat-input: up to 2000 characters (native max length too), Enter sends and
 * Shift+Enter starts a line, blank text is not sent, the text is trimmed and the field cleared,
 * nothing is sent while a reply streams; grows up to 4 rows. The stop button aborts the reply.
 * Shared by the AI chat and the one-to-one chat room, whose rules are the same.
 */
export function ChatInput({
  replying = false,
  disabled,
  onSend,
  onStop,
  onTextChange,
  onBlur,
  accessory,
  inputRef,
  onArrowUpEmpty,
  allowBlank = false,
  placeholder,
  prefill,
}: {
  replying?: boolean;
  disabled?: boolean;
  /** Returning false keeps the text in the input (the page said why it was not sent). */
  onSend: (text: string) => boolean | void;
  /** Shown instead of the send button while `replying`. */
  onStop?: () => void;
  /** Every change of the text (the chat room reports typing with it). */
  onTextChange?: (text: string) => void;
  onBlur?: () => void;
  /** Extra controls left of the text, such as an attach button. */
  accessory?: ReactNode;
  /** The text field, for a page that moves the focus to it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** ↑ pressed in the empty field (the AI chat opens the last prompt for editing). */
  onArrowUpEmpty?: () => void;
  /** Blank text may be sent (the AI chat's prompt that is only attachments). */
  allowBlank?: boolean;
  /** The field's hint when it is not the AI chat's question. */
  placeholder?: string;
  /**
   * Replaces the text when it changes (`at` tells two equal texts apart). It is not reported
   * through `onTextChange`: nothing (not even typing) is said until the user acts. `replace`:
   * it takes the place of the text (a slash command typed is replaced by its prompt).
   */
  prefill?: { text: string; at: number; replace?: boolean } | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = inputRef ?? ownRef;
  // The native max length cuts longer input short; `overflow` remembers that it happened, so
  // the user learns why their text ends early.
  const [overflow, setOverflow] = useState(false);
  const tooLong = text.length > limits.chatInputMax || overflow;
  // Enter pressed while a reply is written: the text stays, and the user is told why it did not
  // go, until the reply ends.
  const [heldBack, setHeldBack] = useState(false);
  const busyNote = heldBack && replying;
  useEffect(() => {
    if (!replying) setHeldBack(false);
  }, [replying]);

  // A draft put in from outside goes after what the user typed: their words are never lost.
  useEffect(() => {
    if (!prefill) return;
    setText((typed) =>
      typed.trim() && !prefill.replace ? `${typed.trimEnd()}\n\n${prefill.text}` : prefill.text,
    );
  }, [prefill]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onBeforeInput = (event: InputEvent) => {
      const incoming = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      const selected = el.selectionEnd - el.selectionStart;
      if (incoming && el.value.length - selected + incoming.length > limits.chatInputMax) {
        setOverflow(true);
      }
    };
    el.addEventListener('beforeinput', onBeforeInput);
    return () => el.removeEventListener('beforeinput', onBeforeInput);
  }, [ref]);

  // Auto-resize: as tall as the text, at most 4 rows, then it scrolls.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 20;
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) || 0;
    const max = limits.chatInputRows > 0 ? line * limits.chatInputRows + padding : Infinity;
    el.style.height = `${Math.min(el.scrollHeight, max)}px`;
  }, [text, ref]);

  // Why the text cannot go now; blank counts only when blank text may not be sent.
  const problem = (busy: boolean) => {
    const found = promptProblem(text, busy);
    return found === 'empty' && allowBlank ? null : found;
  };
  const send = () => {
    if (replying && (isPresent(text) || allowBlank)) setHeldBack(true);
    if (disabled || text.length > limits.chatInputMax || problem(replying)) return;
    // false: the page refused it (and says why); the text stays for the user to send again.
    if (onSend(text.trim()) === false) return;
    setText('');
    onTextChange?.('');
    setOverflow(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // The Enter that confirms an IME composition (Chinese, Japanese input) is not a send; Safari
    // reports it after compositionend, with keyCode 229.
    const composing = event.nativeEvent.isComposing || event.keyCode === 229;
    if (event.key === 'Enter' && !event.shiftKey && !composing) {
      event.preventDefault();
      send();
    } else if (
      event.key === 'ArrowUp' &&
      onArrowUpEmpty &&
      !composing &&
      !text &&
      !event.shiftKey &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey
    ) {
      event.preventDefault();
      onArrowUpEmpty();
    }
  };

  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2 rounded-xl border border-border bg-surface p-2 focus-within:outline-2 focus-within:outline-secondary">
        {accessory}
        <textarea
          ref={ref}
          aria-label={t('chatInput.label')}
          aria-invalid={tooLong || undefined}
          aria-describedby="chat-input-hint"
          placeholder={placeholder ?? t('chatInput.placeholder')}
          value={text}
          maxLength={limits.chatInputMax}
          rows={1}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => {
            setText(e.target.value);
            onTextChange?.(e.target.value);
            if (e.target.value.length < limits.chatInputMax) setOverflow(false);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-6 flex-1 resize-none bg-transparent px-2 py-1 text-sm leading-6 outline-none"
        />
        {replying && onStop ? (
          <Button variant="outline" size="icon" aria-label={t('chatInput.stop')} onClick={onStop}>
            <Square aria-hidden className="size-4 fill-current" />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            aria-label={t('chatInput.send')}
            disabled={disabled || problem(false) !== null}
          >
            <SendHorizontal aria-hidden className="size-4" />
          </Button>
        )}
      </div>
      <div id="chat-input-hint" className="flex justify-between px-1 text-xs text-fg-muted">
        {tooLong ? (
          <span role="alert" className="text-error-text">
            {t('chatInput.tooLong')}
          </span>
        ) : busyNote ? (
          <span role="status" className="font-medium text-fg">
            {t('chatInput.busy')}
          </span>
        ) : (
          <span>{t('chatInput.hint')}</span>
        )}
        <span>{t('chatInput.count', { count: text.length, max: limits.chatInputMax })}</span>
      </div>
    </form>
  );
}
