import { presenceReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { queryOptions } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `GET /presence/{userId}`: whether the contact is connected now. */
export const presenceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['social-chat-room', 'presence', userId],
    queryFn: async ({ signal }) => {
      const reply = await socialRequest(socialChatApiPaths.presence(userId), {
        data: presenceReplySchema.shape.data,
        signal,
      });
      return reply.data;
    },
  });
