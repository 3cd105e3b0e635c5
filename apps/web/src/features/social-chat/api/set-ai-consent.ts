import { aiConsentReplySchema } from '@confab/protocol/ai-answer-relay';
import { socialChatApiPaths, type SocialChat } from '@confab/protocol/social-chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { withChat } from '../lib/chat-list-updates';
import { chatsQueryOptions } from './get-chats';

/** `PUT /api/chat-social-msg/chats/{chatId}/ai` {enabled}: the chat with the viewer's switch. */
export async function setAiConsent({
  chatId,
  enabled,
}: {
  chatId: string;
  enabled: boolean;
}): Promise<SocialChat> {
  const reply = await socialRequest(socialChatApiPaths.chatAi(chatId), {
    method: 'PUT',
    body: { enabled },
    data: aiConsentReplySchema.shape.data,
  });
  return reply.data.chat;
}

/** Switches "AI in this chat" and shows the chat as the server answered it. */
export function useSetAiConsent(options: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAiConsent,
    onSuccess: (chat) =>
      queryClient.setQueryData(chatsQueryOptions.queryKey, (chats) =>
        chats ? withChat(chats, chat) : chats,
      ),
    onError: options.onError,
  });
}
