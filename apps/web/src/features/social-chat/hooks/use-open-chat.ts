import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { setActiveChat } from '../stores/active-chat';
import { chatsQueryOptions } from '../api/get-chats';
import { readAllMessages } from '../api/read-chat';
import { withoutUnread } from '../lib/chat-list-updates';

/**
 * Tapping a row (docs/product.md#conversation-list): the chat is marked read, becomes the single
 * active chat, and
 * /socialChatRoom opens. The badge clears at once; the read mark goes to the server on the way
 * and a failure is only logged (docs/product.md#client-errors): the room marks the chat read again.
 */
export function useOpenChat(): (chatId: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (chatId: string) => {
      queryClient.setQueryData(chatsQueryOptions.queryKey, (chats) =>
        chats ? withoutUnread(chats, chatId) : chats,
      );
      readAllMessages(chatId).catch((error: unknown) => {
        console.warn('The chat could not be marked read.', error);
      });
      setActiveChat(chatId);
      void navigate(paths.socialChatRoom);
    },
    [queryClient, navigate],
  );
}
