import { describe, expect, it } from 'vitest';
import en from '@/locales/en/common.json';
import zh from '@/locales/zh-CN/common.json';
import { noticeFromPush } from '@/lib/pwa/push-notice';

describe('a Web Push as the service worker shows it', () => {
  it('names the sender, shows the excerpt and opens the chat', () => {
    expect(
      noticeFromPush(
        { kind: 'message', chatId: 'c-1', sender: 'bob', contentType: 'text', excerpt: 'hi' },
        'en-GB',
      ),
    ).toEqual({ title: 'bob', body: 'hi', tag: 'chat:c-1', url: '/socialChatRoom?chat=c-1' });
  });

  it('words pictures, files and friend requests as the app’s catalogs do, in the browser’s language', () => {
    const image = {
      kind: 'message',
      chatId: 'c',
      sender: 'bob',
      contentType: 'image',
      excerpt: '',
    };
    expect(noticeFromPush(image, 'en')?.body).toBe(en.notifications.image);
    expect(noticeFromPush(image, 'zh-CN')?.body).toBe(zh.notifications.image);
    const file = { ...image, contentType: 'file', excerpt: 'a.pdf' };
    expect(noticeFromPush(file, 'en')?.body).toBe(
      en.notifications.file.replace('{{name}}', 'a.pdf'),
    );
    const request = { kind: 'request', contactId: 'r-1', sender: 'erin' };
    expect(noticeFromPush(request, 'zh')).toEqual({
      title: zh.notifications.requestTitle,
      body: zh.notifications.requestBody.replace('{{name}}', 'erin'),
      tag: 'request:r-1',
      url: '/contacts',
    });
  });

  it('words AI messages as the app’s catalogs do: a shared answer and an answer asked in the chat', () => {
    const share = {
      kind: 'message',
      chatId: 'c',
      sender: 'bob',
      contentType: 'ai_share',
      excerpt: 'What is 2+2? 4',
    };
    expect(noticeFromPush(share, 'en')?.body).toBe(
      en.notifications.aiShare.replace('{{text}}', 'What is 2+2? 4'),
    );
    expect(noticeFromPush(share, 'zh-CN')?.body).toBe(
      zh.notifications.aiShare.replace('{{text}}', 'What is 2+2? 4'),
    );
    expect(noticeFromPush(share, 'en')?.body).toMatch(/^Shared an AI answer: /);
    expect(noticeFromPush(share, 'zh')?.body).toMatch(/^分享了一个 AI 回答：/);
    const answer = { ...share, contentType: 'ai_answer', excerpt: 'Four.' };
    expect(noticeFromPush(answer, 'en')?.body).toBe(
      en.notifications.aiAnswer.replace('{{text}}', 'Four.'),
    );
    expect(noticeFromPush(answer, 'zh')?.body).toBe(
      zh.notifications.aiAnswer.replace('{{text}}', 'Four.'),
    );
  });

  it('shows nothing for a payload that is not one of ours', () => {
    for (const payload of [
      null,
      'text',
      {},
      { kind: 'message', sender: 'x' },
      { kind: 'other', sender: 'x' },
    ]) {
      expect(noticeFromPush(payload, 'en')).toBeNull();
    }
  });
});
