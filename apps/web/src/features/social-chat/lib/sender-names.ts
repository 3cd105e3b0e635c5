import type { SocialChat } from '@confab/protocol/social-chat';
import { createContext, useContext } from 'react';
import { chatNickname } from './chat-row';

/**
 * The names the open room shows for its participants (docs/product.md#identity): the viewer's
 * nickname for the chat or the person's display name, by user id. A bubble whose sender has
 * none shows the username it carries.
 */
export const SenderNames = createContext<ReadonlyMap<string, string>>(new Map());

export function useSenderName(senderId: string, username: string): string {
  return useContext(SenderNames).get(senderId) ?? username;
}

/** The other participant's shown name in a one-to-one chat (the room's title). */
export function senderNamesOf(chat: SocialChat): ReadonlyMap<string, string> {
  const other = chat.participants[0];
  const name = chatNickname(chat);
  return new Map(other && name ? [[other.id, name]] : []);
}
