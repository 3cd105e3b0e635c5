import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleChat } from '../api/chat-toggle';
import { roomChatsQueryOptions } from './get-chat';

/**
 * Lifts the viewer's block of the open chat (`block` toggle, false). The room then shows the
 * chat as the server answered it: writable again only if the pair were contacts before.
 */
export function useUnblockChat(chatId: string, options: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleChat({ chatId, toggle: 'block', value: false }),
    onSuccess: (chat) =>
      queryClient.setQueryData(roomChatsQueryOptions.queryKey, (chats) =>
        chats?.map((held) => (held._id === chat._id ? chat : held)),
      ),
    onError: options.onError,
  });
}
