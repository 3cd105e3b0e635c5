import { socialChatApiPaths, socialChatSchema } from '@confab/protocol/social-chat';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
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

/**
 * The open chat, or null when the viewer has no such chat. Kept current by `chatUpdated`
 * (a block, a nickname) and read again after a reconnection.
 */
export function useRoomChat(chatId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('chatUpdated', ({ chat }) => {
    queryClient.setQueryData(roomChatsQueryOptions.queryKey, (chats) =>
      chats?.map((held) => (held._id === chat._id ? chat : held)),
    );
  });
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: roomChatsQueryOptions.queryKey });
  });
  return useQuery({
    ...roomChatsQueryOptions,
    enabled: chatId !== null,
    select: (chats) => chats.find((chat) => chat._id === chatId) ?? null,
  });
}
