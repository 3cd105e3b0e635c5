import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleChat, type ChatToggleChange } from '../api/chat-toggle';
import { withChat } from '../lib/live-updates';
import { chatsQueryOptions } from './get-chats';

export type { ChatToggleChange };

/**
 * Changes a toggle and shows the chat as the server answered it; the list is then reloaded,
 * since pinning or unpinning one chat may move others.
 */
export function useToggleChat(options: {
  onError?: (error: Error, change: ChatToggleChange) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleChat,
    onSuccess: (chat) =>
      queryClient.setQueryData(chatsQueryOptions.queryKey, (chats) =>
        chats ? withChat(chats, chat) : chats,
      ),
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatsQueryOptions.queryKey }),
  });
}
