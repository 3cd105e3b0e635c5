import { contactChatReplyDataSchema, contactsApiPaths } from '@confab/protocol/contacts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { socialChatRoomHref } from '@/lib/paths';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `POST /api/chat-social-msg/contacts/chat` {contact}: the friend's chat, found or created. */
export async function openContactChat(contactId: string): Promise<string> {
  const reply = await socialRequest(contactsApiPaths.chat, {
    method: 'POST',
    body: { contact: contactId },
    data: contactChatReplyDataSchema,
  });
  return reply.data.chatId;
}

/** Opens (or creates) the chat with a friend and shows it in /socialChatRoom?chat={id}. */
export function useOpenContactChat(options: { onError?: (error: Error) => void }) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: openContactChat,
    onSuccess: (chatId) => navigate(socialChatRoomHref(chatId)),
    onError: options.onError,
  });
}
