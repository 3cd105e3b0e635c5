import {
  messageHiddenSchema,
  reactionsChangeSchema,
  socialChatApiPaths,
  socialMessageSchema,
} from '@confab/protocol/social-chat';
import { z } from 'zod';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { useMessagesStore } from '../stores/messages-store';

/**
 * What a user does to a message besides writing it (docs/product.md#message-extras): each
 * call's answer goes into the messages store at once; the server tells the other tabs.
 */

/** `POST {chatId}/messages/{id}/reactions` {emoji, value}: puts or takes back an emoji. */
export async function reactToMessage(
  chatId: string,
  messageId: string,
  emoji: string,
  value: boolean,
) {
  const reply = await socialRequest(socialChatApiPaths.reactions(chatId, messageId), {
    method: 'POST',
    body: { emoji, value },
    data: reactionsChangeSchema,
  });
  useMessagesStore.getState().setReactions(chatId, messageId, reply.data.reactions);
  return reply.data;
}

/** `POST {chatId}/messages/{id}/hide`: deletes the message for the viewer only. */
export async function hideMessage(chatId: string, messageId: string) {
  const reply = await socialRequest(socialChatApiPaths.hide(chatId, messageId), {
    method: 'POST',
    data: messageHiddenSchema,
  });
  useMessagesStore.getState().hide(chatId, [messageId]);
  return reply.data;
}

const forwardedData = z.object({ newMessage: socialMessageSchema });

/**
 * `POST {chatId}/messages/{id}/forward` {toChatId, clientId}: the copy, as stored in the
 * target chat. One clientId per forward, so the client's retries store it once.
 */
export async function forwardMessage(chatId: string, messageId: string, toChatId: string) {
  const reply = await socialRequest(socialChatApiPaths.forward(chatId, messageId), {
    method: 'POST',
    body: { toChatId, clientId: crypto.randomUUID() },
    data: forwardedData,
  });
  const copy = reply.data.newMessage;
  useMessagesStore.getState().merge(copy.chatId, [copy]);
  return copy;
}
