import { useCallback } from 'react';
import { selectLive, useChatStore, type ChatState } from '../stores/chat-store';
import { MessageCard } from './message-card';

type CardProps = Omit<Parameters<typeof MessageCard>[0], 'live'>;

/**
 * A message's card that follows its own reply while it streams: a frame of new text renders
 * that card alone, not the list around it (which follows the card's growth, see MessageList).
 * The same component before, during and after the stream, so the reply's formatted blocks are
 * kept when it ends.
 */
export function LiveMessageCard(props: CardProps) {
  const id = props.message.id;
  const live = useChatStore(
    useCallback(
      (state: ChatState) => {
        const reply = selectLive(state);
        return reply?.messageId === id ? reply : null;
      },
      [id],
    ),
  );
  return <MessageCard {...props} live={live} />;
}
