/**
 * Keeps a streaming reply's message in storage (docs/product.md#ai-reply-lifecycle): what arrived
 * so far at most once a second and when the page is hidden, so a reload keeps it, then the
 * finished message. Each write is started when it is asked for, and IndexedDB runs writes in the
 * order they were started: an older state never lands after a newer one.
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import type { ChatDb } from '../stores/chat-db';

/** At most one partial save of a reply per this many milliseconds. */
export const partialSaveMs = 1000;

export interface ReplyWriter {
  /** What arrived changed: saved now, or within `partialSaveMs`. */
  changed(): void;
  /** Saves what arrived now (the page is being hidden, maybe for good). */
  flush(): void;
  /** Saves the finished message; resolves false when the writer was discarded (nothing saved). */
  finish(message: AiChatMessage): Promise<boolean>;
  /** Nothing more is written: the chat was deleted, or the account signs out. */
  discard(): void;
}

export function replyWriter(
  db: ChatDb,
  /** The message with what arrived so far. */
  current: () => AiChatMessage,
  onError: (error: unknown) => void,
): ReplyWriter {
  let lastSave = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const save = () => {
    cancel();
    if (closed) return;
    lastSave = Date.now();
    db.putMessage(current()).catch(onError);
  };
  return {
    changed() {
      if (closed || timer) return;
      const wait = lastSave + partialSaveMs - Date.now();
      if (wait <= 0) save();
      else timer = setTimeout(save, wait);
    },
    flush: save,
    async finish(message) {
      cancel();
      if (closed) return false;
      closed = true;
      await db.putMessage(message);
      return true;
    },
    discard() {
      cancel();
      closed = true;
    },
  };
}
