import {
  chatReplySchema,
  socialChatApiPaths,
  type ChatToggle,
  type SocialChat,
} from '@confab/protocol/social-chat';
import { socialRequest } from '@/lib/social-api/social-api-client';

export interface ChatToggleChange {
  chatId: string;
  toggle: ChatToggle;
  /** Set (true) or clear (false). */
  value: boolean;
}

/**
 * `POST /api/chat-social-msg/chats/{chatId}/{archive|mute|pin|block}` {value}: the chat as the
 * server now has it. Here because the conversation list and the chat room (its unblock) both
 * change toggles, and a feature never imports another.
 */
export async function toggleChat({ chatId, toggle, value }: ChatToggleChange): Promise<SocialChat> {
  const reply = await socialRequest(socialChatApiPaths.chatToggle(chatId, toggle), {
    method: 'POST',
    body: { value },
    data: chatReplySchema.shape.data,
  });
  return reply.data.chat;
}
