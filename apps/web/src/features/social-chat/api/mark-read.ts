import { readReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { socialRequest } from '@/lib/social-api/social-api-client';

type ReadData = ReturnType<typeof readReplySchema.parse>['data'];

/** `POST /{chatId}/messages/read` {messageId}: everything up to that message is read. */
export async function markRead(chatId: string, messageId: string): Promise<ReadData> {
  const reply = await socialRequest(socialChatApiPaths.read(chatId), {
    method: 'POST',
    body: { messageId },
    data: readReplySchema.shape.data,
  });
  return reply.data;
}
