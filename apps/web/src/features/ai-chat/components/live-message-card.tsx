import { useCallback, useEffect } from 'react';
import { selectLive, useChatStore, type ChatState } from '../stores/chat-store';
import { MessageCard } from './message-card';

type CardProps = Omit<Parameters<typeof MessageCard>[0], 'live'>;

/**
 * A message's card that follows its own reply while it streams: a frame of new text renders
 * that card alone, not the list around it. After each such render `onGrow` is told (the list
 * keeps the newest text in view). The same component before, during and after the stream, so
 * the reply's formatted blocks are kept when it ends.
 */
export function LiveMessageCard({ onGrow, ...props }: CardProps & { onGrow: () => void }) {
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
  useEffect(() => {
    if (live) onGrow();
  }, [live, onGrow]);
  return <MessageCard {...props} live={live} />;
}
