import {
  chatReplySchema,
  socialChatApiPaths,
  type ChatToggle,
  type SocialChat,
} from '@confab/protocol/social-chat';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withChat } from '../lib/chat-list-updates';
import { chatsQueryOptions } from './get-chats';

export interface ChatToggleChange {
  chatId: string;
  toggle: ChatToggle;
  /** Set (true) or clear (false). */
  value: boolean;
}

/**
 * `POST /api/chat-social-msg/chats/{chatId}/{archive|mute|pin|block}` {value}: the chat as the
 * server now has it. The conversation list's row menu and the chat room's unblock both use it.
 */
export async function toggleChat({ chatId, toggle, value }: ChatToggleChange): Promise<SocialChat> {
  const reply = await socialRequest(socialChatApiPaths.chatToggle(chatId, toggle), {
    method: 'POST',
    body: { value },
    data: chatReplySchema.shape.data,
  });
  return reply.data.chat;
}

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
