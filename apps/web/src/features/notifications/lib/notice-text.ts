import type { Contact } from '@confab/protocol/contacts';
import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import type { TFunction } from 'i18next';
import { paths, socialChatRoomHref } from '@/lib/paths';
import type { ShownNotice } from '@/lib/pwa/shown-notice';
import { visibleText } from '@/lib/visible-text';

/** docs/product.md#notifications: a notification shows at most this much of a message. */
export const excerptMaxChars = 120;

/** The start of `text` on one line, cut at `excerptMaxChars` with an ellipsis. */
export function excerpt(text: string): string {
  const line = visibleText(text).replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= excerptMaxChars
    ? line
    : `${chars.slice(0, excerptMaxChars - 1).join('')}…`;
}

/** A new message from another participant: the chat's name as the user sees it, and an excerpt. */
export function messageNotice(
  message: SocialMessage,
  chat: Pick<SocialChat, 'nickname'> | null,
  t: TFunction,
): ShownNotice {
  const name = visibleText(chat?.nickname ?? message.senderUsername);
  const body =
    message.contentType === 'image'
      ? t('notifications.image')
      : message.contentType === 'file'
        ? t('notifications.file', { name: excerpt(message.attachment?.name ?? message.content) })
        : message.contentType === 'ai_share'
          ? t('notifications.aiShare', { text: excerpt(message.content) })
          : message.contentType === 'ai_answer'
            ? t('notifications.aiAnswer', { text: excerpt(message.content) })
            : excerpt(message.content);
  return {
    title: name,
    body,
    tag: `chat:${message.chatId}`,
    url: socialChatRoomHref(message.chatId),
  };
}

/** A friend request that arrived: who sent it; a click opens the contacts. */
export function requestNotice(contact: Contact, t: TFunction): ShownNotice {
  return {
    title: t('notifications.requestTitle'),
    body: t('notifications.requestBody', { name: visibleText(contact.otherUsername) }),
    tag: `request:${contact.id}`,
    url: paths.contacts,
  };
}
