import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { chatListTime } from '@/lib/time/chat-time';

/**
 * A conversation list row (docs/product.md#conversation-list), as plain values: the page
 * renders them as text, never as HTML.
 */

const present = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The row's name: the viewer's nickname for the chat, else the first participant's nickname,
 * else the other person's own display name (docs/product.md#identity), else the chat's name
 * (their username); null when none is set (the row then shows 未知 and the avatar '?').
 */
export function chatNickname(chat: SocialChat): string | null {
  const other = chat.participants[0];
  return (
    present(chat.nickname) ??
    present(other?.nickname) ??
    present(chat.displayName) ??
    present(other?.displayName) ??
    present(chat.name) ??
    null
  );
}

/**
 * The last message's time as messengers show it (`chatListTime`: today the time, yesterday the
 * word, within a week the weekday, else the date), or null when there is none or it cannot be
 * read: the row then shows no time.
 */
export function formatChatTime(
  iso: string | null,
  locale: string,
  yesterday: string,
  now = new Date(),
): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) {
    // docs/product.md#client-errors: a formatting failure is only logged.
    console.warn(`The conversation list could not read the time "${iso}".`);
    return null;
  }
  return chatListTime(time, locale, now, yesterday);
}

export type PreviewKind = 'none' | 'deleted' | 'image' | 'file' | 'text' | 'ai_share' | 'ai_answer';

export interface MessagePreview {
  kind: PreviewKind;
  /** The message's text on one line, or the file's name. */
  text: string;
}

/** One line: line breaks and runs of spaces become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The last message as one line: its text, or what it was (deleted, a picture, a file). */
export function previewOf(message: SocialMessage | null): MessagePreview {
  if (!message) return { kind: 'none', text: '' };
  if (message.deleted) return { kind: 'deleted', text: '' };
  switch (message.contentType) {
    case 'image':
      return { kind: 'image', text: '' };
    case 'file':
      return { kind: 'file', text: oneLine(message.attachment?.name ?? message.content) };
    case 'text':
      return { kind: 'text', text: oneLine(message.content) };
    case 'ai_share':
    case 'ai_answer':
      return { kind: message.contentType, text: oneLine(message.content) };
  }
}
