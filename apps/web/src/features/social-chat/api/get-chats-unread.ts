import { chatUnreadSchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { untilConnected } from '@/lib/realtime/until-connected';
import { socialRequest } from '@/lib/social-api/social-api-client';

const unreadReplySchema = z.object({ chats: z.array(chatUnreadSchema) });

/**
 * `GET /api/chat-social-msg/chats/unread`: the chats of the viewer's list with only their
 * unread count, mute and nickname, which the notifications count from on every signed-in page
 * (a few dozen bytes a chat, where the list with its previews is hundreds). Read after the
 * socket connects, as the list is (its connection would read it again), and one read at a time:
 * the notifications ask at start and on every connection.
 */
export const chatsUnreadQueryOptions = queryOptions({
  queryKey: ['social-chat', 'chats-unread'] as const,
  queryFn: async ({ signal }) => {
    await untilConnected(signal);
    const reply = await socialRequest(socialChatApiPaths.chatsUnread, {
      data: unreadReplySchema,
      signal,
    });
    return reply.data.chats;
  },
  retry: false,
});
