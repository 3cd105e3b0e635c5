import type { ReplyQuote } from '@confab/protocol/reactions';
import { createContext, useContext } from 'react';
import type { RoomMessage } from '../lib/message-order';

/**
 * What a message offers besides editing and deleting it (docs/product.md#message-extras),
 * given by the room to every bubble without passing through the message list.
 */
export interface MessageActions {
  viewerId: string;
  reply: (message: RoomMessage) => void;
  /** Opens the emoji picker for the message. */
  pickReaction: (message: RoomMessage) => void;
  toggleReaction: (message: RoomMessage, emoji: string, value: boolean) => void;
  forward: (message: RoomMessage) => void;
  hide: (message: RoomMessage) => void;
  /** Scrolls to the quoted message, loading older pages if needed, and highlights it. */
  jumpTo: (quote: ReplyQuote) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

export const useMessageActions = () => useContext(MessageActionsContext);
