import type { SocialChat } from '@confab/protocol/social-chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { appOutbox } from '../lib/app-outbox';
import { chatsQueryOptions } from '../api/get-chats';
import {
  withChat,
  withMessage,
  withPresence,
  withReadMark,
  withUpdatedMessage,
} from '../lib/live-updates';

type Chats = readonly SocialChat[];

/**
 * Keeps the cached list in step with the server's events (spec section 7 "Real-time socket"):
 * new messages (this tab's own from the outbox's acknowledgements) move their chat up with a new
 * preview, time and unread count; chat changes, read marks and presence update their rows. An
 * event about a chat the list does not hold (a new friend's chat, a hidden chat that a message
 * brought back), and every reconnection, when events may have been missed, reload the list.
 */
export function useLiveChats(viewerId: string | null): void {
  const queryClient = useQueryClient();
  const { queryKey } = chatsQueryOptions;

  // A load already under way is kept rather than started again: a long list costs time.
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, [queryClient, queryKey]);

  const update = useCallback(
    (change: (chats: Chats) => Chats | undefined) => {
      let unknownChat = false;
      queryClient.setQueryData(queryKey, (chats) => {
        if (!chats) return chats;
        const next = change(chats);
        if (next === undefined) unknownChat = true;
        return next ?? chats;
      });
      if (unknownChat) reload();
    },
    [queryClient, queryKey, reload],
  );

  useRealtimeEvent('newChatMessage', ({ message }) =>
    update((chats) => withMessage(chats, message)),
  );
  // This tab's own sends (the outbox delivers while the list is shown) come back in their
  // acknowledgements: the server does not send them to the tab again as newChatMessage.
  useEffect(
    () => appOutbox().onDelivered((message) => update((chats) => withMessage(chats, message))),
    [update],
  );
  useRealtimeEvent('new_message', ({ message, unread }) =>
    update((chats) => withMessage(chats, message, unread)),
  );
  useRealtimeEvent('messageUpdated', ({ message }) =>
    update((chats) => withUpdatedMessage(chats, message)),
  );
  useRealtimeEvent('chatUpdated', ({ chat }) => update((chats) => withChat(chats, chat)));
  useRealtimeEvent('presence', (presence) => update((chats) => withPresence(chats, presence)));
  useRealtimeEvent('messagesRead', (read) => {
    if (viewerId) update((chats) => withReadMark(chats, read, viewerId));
  });
  useRealtimeEvent('newFriendChat', reload);
  useRealtimeReconnect(reload);
}
