import { socialChatApiPaths, type SocialChat } from '@confab/protocol/social-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { chatListShapeSchema } from '../lib/chat-check';

/**
 * `GET /api/chat-social-msg/chats`: every chat of the viewer, archived ones included, each
 * with its last message (so the list needs no second request for the previews). Only the
 * reply's shape is checked here; each chat is checked in full before its row is drawn
 * (`lib/chat-check.ts` says why).
 */
export async function getChats(signal?: AbortSignal): Promise<readonly SocialChat[]> {
  const reply = await socialRequest(socialChatApiPaths.chats, {
    data: chatListShapeSchema,
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
