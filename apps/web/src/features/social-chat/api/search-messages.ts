import { searchMessagesReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `GET /{chatId}/messages/search?q=`: case-insensitive substring over the chat's messages. */
export const searchMessagesQueryOptions = (chatId: string, q: string) =>
  queryOptions({
    queryKey: ['social-chat-room', 'search', chatId, q],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q });
      const reply = await socialRequest(
        `${socialChatApiPaths.search(chatId)}?${query.toString()}`,
        { data: searchMessagesReplySchema.shape.data, signal },
      );
      return reply.data.messages;
    },
  });

export function useSearchMessages(chatId: string, q: string, enabled: boolean) {
  return useQuery({
    ...searchMessagesQueryOptions(chatId, q),
    enabled,
    placeholderData: keepPreviousData,
  });
}
