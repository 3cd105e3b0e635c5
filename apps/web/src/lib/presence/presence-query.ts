import { presenceReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { queryOptions } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { newerPresence } from './presence-order';

/** `GET /presence/{userId}`: whether a contact is connected now, and when they last were. */
export const presenceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['presence', userId],
    queryFn: async ({ signal }) => {
      const reply = await socialRequest(socialChatApiPaths.presence(userId), {
        data: presenceReplySchema.shape.data,
        signal,
      });
      return newerPresence(reply.data);
    },
  });
