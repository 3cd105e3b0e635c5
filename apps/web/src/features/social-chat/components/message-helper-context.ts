import { createContext, useContext } from 'react';
import type { MessageHelper } from '../hooks/use-message-helper';
import type { RoomMessage } from '../lib/message-order';

/**
 * The room's private helper (docs/product.md#message-helper), given to every bubble; null
 * where the app provides no model access. Unlike the message actions it is there in a
 * read-only chat too (it writes nothing), without drafting a reply.
 */
export interface MessageHelperValue {
  helper: MessageHelper;
  /** Whether a reply can be drafted (the chat is writable). */
  canDraft: boolean;
  /** Puts a draft into the composer as a reply to `message`; it is not sent. */
  useDraft: (message: RoomMessage, text: string) => void;
}

export const MessageHelperContext = createContext<MessageHelperValue | null>(null);

export const useMessageHelperContext = () => useContext(MessageHelperContext);
