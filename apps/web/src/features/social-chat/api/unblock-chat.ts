import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withChat } from '../lib/chat-list-updates';
import { chatsQueryOptions } from './get-chats';
import { toggleChat } from './toggle-chat';

/**
 * Lifts the viewer's block of the open chat (`block` toggle, false). The room then shows the
 * chat as the server answered it: writable again only if the pair were contacts before.
 */
export function useUnblockChat(chatId: string, options: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleChat({ chatId, toggle: 'block', value: false }),
    onSuccess: (chat) =>
      queryClient.setQueryData(chatsQueryOptions.queryKey, (chats) =>
        chats ? withChat(chats, chat) : chats,
      ),
    onError: options.onError,
  });
}
