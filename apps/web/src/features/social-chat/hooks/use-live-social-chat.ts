import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { isCurrentPresence } from '@/lib/presence/presence-order';
import { chatsQueryOptions } from '../api/get-chats';
import { appOutbox } from '../lib/app-outbox';
import { catchUp, receive } from '../lib/catch-up';
import {
  withChat,
  withMessage,
  withPresence,
  withProfile,
  withReadMark,
  withUpdatedMessage,
} from '../lib/chat-list-updates';
import { catchUpCursor } from '../lib/message-order';
import { getChatLog, useMessagesStore } from '../stores/messages-store';

type Chats = readonly SocialChat[];

/** Social chat pages open now; the chat list is live only while there is one. */
let openPages = 0;

/**
 * Takes in the server's social chat events for whichever social chat page is open (the
 * conversation list or the chat room), each once, into both caches: the chat list (a new
 * message moves its chat up with a new preview, time and unread count; chat changes, read marks
 * and presence update their rows) and the messages store (the logs of the chats the tab holds).
 * A message arrives one way only: this tab's own sends in their acknowledgements (the outbox's
 * `onDelivered`), the user's sends from other tabs as `newChatMessage`, other participants'
 * messages as `new_message`. An event about a chat the list does not hold (a new friend's chat,
 * a hidden chat that a message brought back), and every reconnection, when events may have
 * been missed, reload the list.
 */
export function useLiveSocialChat(viewerId: string | null): void {
  const queryClient = useQueryClient();
  const { queryKey } = chatsQueryOptions;

  // A load already under way is kept rather than started again: a long list costs time.
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, [queryClient, queryKey]);

  const updateList = useCallback(
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

  // Nobody applies events to the list once no page is open: the next opening reads it again.
  // Deferred, because on the way from the list into a room (or back) the next page's hook
  // mounts in the same commit as the previous one's leaves.
  useEffect(() => {
    openPages += 1;
    return () => {
      openPages -= 1;
      setTimeout(() => {
        if (openPages === 0) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }, 0);
    };
  }, [queryClient, queryKey]);

  /** A message from an event: held if its chat's log is, with a catch-up when one was missed. */
  const takeIn = (message: SocialMessage, unread?: number) => {
    updateList((chats) => withMessage(chats, message, unread));
    appOutbox().settle(message);
    const held = getChatLog(message.chatId);
    if (!held.loaded) return;
    const gap = message.seq > catchUpCursor(held.messages) + 1;
    receive(message.chatId, [message]);
    // A number skipped means an event was missed: fetch what lies between.
    if (gap && viewerId) void catchUp(message.chatId, viewerId).catch(() => undefined);
  };

  useEffect(
    () =>
      appOutbox().onDelivered((message) => {
        updateList((chats) => withMessage(chats, message));
        // Held whether or not the chat's first page is in: it is this tab's own message.
        useMessagesStore.getState().merge(message.chatId, [message]);
      }),
    [updateList],
  );
  useRealtimeEvent('newChatMessage', ({ message }) => takeIn(message));
  useRealtimeEvent('new_message', ({ message, unread }) => takeIn(message, unread));
  useRealtimeEvent('messageUpdated', ({ message }) => {
    updateList((chats) => withUpdatedMessage(chats, message));
    if (getChatLog(message.chatId).loaded) receive(message.chatId, [message]);
  });
  useRealtimeEvent('messagesRead', (read) => {
    if (!viewerId) return;
    updateList((chats) => withReadMark(chats, read, viewerId));
    if (read.userId !== viewerId) {
      useMessagesStore.getState().readByOther(read.chatId, viewerId, read.lastReadSeq);
    }
  });
  useRealtimeEvent('reactionsUpdated', ({ chatId, messageId, reactions }) =>
    useMessagesStore.getState().setReactions(chatId, messageId, reactions),
  );
  useRealtimeEvent('messageHidden', ({ chatId, messageId }) => {
    useMessagesStore.getState().hide(chatId, [messageId]);
    // The list's preview was that message: the server knows the one before it the user kept.
    const chats = queryClient.getQueryData(queryKey);
    if (chats?.some((chat) => chat._id === chatId && chat.lastMessage?._id === messageId)) reload();
  });
  useRealtimeEvent('chatUpdated', ({ chat }) => updateList((chats) => withChat(chats, chat)));
  useRealtimeEvent('presence', (presence) => {
    if (isCurrentPresence(presence)) updateList((chats) => withPresence(chats, presence));
  });
  useRealtimeEvent('profileUpdated', (profile) =>
    updateList((chats) => withProfile(chats, profile)),
  );
  useRealtimeEvent('newFriendChat', reload);
  useRealtimeReconnect(reload);
}
