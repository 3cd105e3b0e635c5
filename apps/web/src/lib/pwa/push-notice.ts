import { socialChatRoomHref, paths } from '../paths';
import type { ShownNotice } from './shown-notice';

/**
 * A Web Push as the service worker shows it (docs/product.md#web-push). The server does not
 * know the user's language, so the worker words the notification in the browser's: these
 * texts are the `notifications` texts of the app's catalogs (common.json), kept here because
 * the worker loads no catalog. Read without zod: the worker stays small.
 */
const texts = {
  en: {
    image: 'Sent a picture',
    file: (name: string) => `Sent a file: ${name}`,
    aiShare: (text: string) => `Shared an AI answer: ${text}`,
    aiAnswer: (text: string) => `AI answer: ${text}`,
    requestTitle: 'Friend request',
    requestBody: (name: string) => `${name} wants to add you as a contact.`,
  },
  zh: {
    image: '发来一张图片',
    file: (name: string) => `发来一个文件：${name}`,
    aiShare: (text: string) => `分享了一个 AI 回答：${text}`,
    aiAnswer: (text: string) => `AI 回答：${text}`,
    requestTitle: '好友请求',
    requestBody: (name: string) => `${name} 想添加你为联系人。`,
  },
};

const str = (value: unknown): value is string => typeof value === 'string';

export function noticeFromPush(payload: unknown, language: string): ShownNotice | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const text = language.toLowerCase().startsWith('zh') ? texts.zh : texts.en;
  const { kind, chatId, contactId, sender, contentType, excerpt } = payload as Record<
    string,
    unknown
  >;
  if (!str(sender)) return null;
  if (kind === 'message' && str(chatId) && str(excerpt)) {
    const body =
      contentType === 'image'
        ? text.image
        : contentType === 'file'
          ? text.file(excerpt)
          : contentType === 'ai_share'
            ? text.aiShare(excerpt)
            : contentType === 'ai_answer'
              ? text.aiAnswer(excerpt)
              : excerpt;
    return { title: sender, body, tag: `chat:${chatId}`, url: socialChatRoomHref(chatId) };
  }
  if (kind === 'request' && str(contactId)) {
    return {
      title: text.requestTitle,
      body: text.requestBody(sender),
      tag: `request:${contactId}`,
      url: paths.contacts,
    };
  }
  return null;
}
