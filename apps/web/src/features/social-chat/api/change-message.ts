import { socialChatApiPaths, socialMessageSchema } from '@confab/protocol/social-chat';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { useMessagesStore } from '../stores/messages-store';

const messageData = z.object({ message: socialMessageSchema });

export type MessageChange =
  | { kind: 'edit'; chatId: string; messageId: string; content: string }
  | { kind: 'delete'; chatId: string; messageId: string };

/**
 * `PUT /{chatId}/messages/{id}` {content} or `DELETE` the same: only the sender may. The reply
 * is the message as now stored (edited, or deleted with its content gone).
 */
export async function changeMessage(change: MessageChange) {
  const path = socialChatApiPaths.message(change.chatId, change.messageId);
  const reply = await socialRequest(path, {
    method: change.kind === 'edit' ? 'PUT' : 'DELETE',
    body: change.kind === 'edit' ? { content: change.content } : undefined,
    data: messageData,
  });
  return reply.data.message;
}

export function useChangeMessage(options: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: changeMessage,
    onSuccess: (message) => useMessagesStore.getState().merge(message.chatId, [message]),
    onError: options.onError,
  });
}
