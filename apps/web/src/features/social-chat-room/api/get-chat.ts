import { socialChatApiPaths, socialChatSchema } from '@confab/protocol/social-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `GET /chat-social-msg/chats`: the viewer's chats, each as the viewer sees it. */
export const roomChatsQueryOptions = queryOptions({
  queryKey: ['social-chat-room', 'chats'],
  queryFn: async ({ signal }) => {
    const reply = await socialRequest(socialChatApiPaths.chats, {
      data: z.object({ chats: z.array(socialChatSchema) }),
      signal,
    });
    return reply.data.chats;
  },
});

/** The open chat, or null when the viewer has no such chat. */
export function useRoomChat(chatId: string | null) {
  return useQuery({
    ...roomChatsQueryOptions,
    enabled: chatId !== null,
    select: (chats) => chats.find((chat) => chat._id === chatId) ?? null,
  });
}
