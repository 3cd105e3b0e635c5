import { socialChatApiPaths, type SocialChat } from '@confab/protocol/social-chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { untilConnected } from '@/lib/realtime/until-connected';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { chatListShapeSchema, isValidChat } from '../lib/chat-check';
import { readChatListCopy, saveChatListCopy } from '../lib/chat-list-copy';

/**
 * `GET /api/chat-social-msg/chats`: every chat of the viewer, archived ones included, each
 * with its last message (so the list needs no second request for the previews). Only the
 * reply's shape is checked here; each chat is checked in full where it is used (`lib/chat-check.ts`
 * says why).
 */
export async function getChats(signal?: AbortSignal): Promise<readonly SocialChat[]> {
  const reply = await socialRequest(socialChatApiPaths.chats, {
    data: chatListShapeSchema,
    signal,
  });
  return reply.data.chats;
}

/**
 * The one cached copy of the viewer's chats, read by the conversation list and the chat room.
 * While either is open, `useLiveSocialChat` keeps it current from the server's events (and
 * reloads it on every reconnection), so it never goes stale by age: going from the list into a
 * room, or back, reads no second copy. When the last of them closes, it is marked stale, and
 * the next opening reads it again. A socket that is connecting is waited for (untilConnected):
 * its connection would reload a list read before it.
 */
export const chatsQueryOptions = queryOptions({
  queryKey: ['social-chat', 'chats'] as const,
  queryFn: async ({ signal }) => {
    // Offline, the copy kept from the last read opens the chats at once (their messages wait
    // in the outbox); the socket's connection reads the list afresh.
    if (navigator.onLine === false) {
      const copy = await readChatListCopy();
      if (copy) return copy;
    }
    await untilConnected(signal);
    try {
      const chats = await getChats(signal);
      void saveChatListCopy(chats);
      return chats;
    } catch (error) {
      const unanswered = isApiError(error) && (error.statusCode === 0 || error.statusCode >= 500);
      const copy = unanswered ? await readChatListCopy() : null;
      if (copy) return copy;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  // The social API client already retries what is worth retrying.
  retry: false,
});

export function useChats() {
  return useQuery(chatsQueryOptions);
}

/**
 * One chat of the list (the chat room's), or null when the viewer has no such chat. A chat the
 * contract does not describe is an error, like a reply that cannot be read.
 */
export function useChat(chatId: string | null) {
  return useQuery({
    ...chatsQueryOptions,
    enabled: chatId !== null,
    select: (chats) => {
      const chat = chats.find((held) => held._id === chatId) ?? null;
      if (chat && !isValidChat(chat)) throw new Error('Unexpected reply from the server');
      return chat;
    },
  });
}
