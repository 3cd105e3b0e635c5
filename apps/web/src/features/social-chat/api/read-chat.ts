import { readReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `POST /api/chat-social-msg/{chatId}/messages/readAll`: everything in the chat is read. */
export async function readAllMessages(chatId: string): Promise<number> {
  const reply = await socialRequest(socialChatApiPaths.readAll(chatId), {
    method: 'POST',
    data: readReplySchema.shape.data,
  });
  return reply.data.unread;
}
