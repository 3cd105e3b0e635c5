import {
  chatListReplySchema,
  socialChatApiPaths,
  type SocialChat,
} from '@confab/protocol/social-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/**
 * `GET /api/chat-social-msg/chats`: every chat of the viewer, archived ones included, each
 * with its last message (so the list needs no second request for the previews).
 */
export async function getChats(signal?: AbortSignal): Promise<readonly SocialChat[]> {
  const reply = await socialRequest(socialChatApiPaths.chats, {
    data: chatListReplySchema.shape.data,
    signal,
  });
  return reply.data.chats;
}

export const chatsQueryOptions = queryOptions({
  queryKey: ['social-chat', 'chats'] as const,
  queryFn: ({ signal }) => getChats(signal),
  // The social API client already retries what is worth retrying.
  retry: false,
});

export function useChats() {
  return useQuery(chatsQueryOptions);
}
