import { describe, expect, it } from 'vitest';
import { messageNotice } from '@/features/notifications/lib/notice-text';
import { changeLanguage, i18n } from '@/lib/i18n/i18n';
import { messageIn } from '../social-chat/fixtures';

describe('an in-page notification of an AI message', () => {
  it('says a shared answer was shared and an asked answer came from AI, in either language, never as JSON', async () => {
    const share = messageIn('chat-bob', 3, {
      contentType: 'ai_share',
      content: 'What is 2+2?\n\n4',
      ai: {
        kind: 'share',
        title: '',
        model: 'gpt-4o',
        provider: 'openai',
        turns: [{ prompt: 'What is 2+2?', reply: '4', reasoning: '', toolCalls: [] }],
        inputTokens: 1,
        outputTokens: 1,
      },
    });
    // Loads the Chinese catalog; the English one is loaded already.
    await changeLanguage('zh-CN');
    await changeLanguage('en');
    const en = i18n.getFixedT('en', 'common');
    const zh = i18n.getFixedT('zh-CN', 'common');
    expect(messageNotice(share, null, en).body).toBe('Shared an AI answer: What is 2+2? 4');
    expect(messageNotice(share, null, zh).body).toBe('分享了一个 AI 回答：What is 2+2? 4');
    const answer = messageIn('chat-bob', 4, { contentType: 'ai_answer', content: 'Four.' });
    expect(messageNotice(answer, null, en).body).toBe('AI answer: Four.');
    expect(messageNotice(answer, null, zh).body).toBe('AI 回答：Four.');
  });
});
