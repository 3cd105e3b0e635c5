import { describe, expect, it } from 'vitest';
import { parseExport } from '@/features/ai-chat/lib/chat-import/detect';
import { toEpochMs } from '@/features/ai-chat/lib/chat-import/turns';
import { ChatImportError } from '@/features/ai-chat/lib/chat-import/types';

import { chatExportFixture as fixture } from '../helpers/chat-exports';

const failureOf = (text: string) => {
  try {
    parseExport(text);
  } catch (error) {
    return error instanceof ChatImportError ? error.reason : String(error);
  }
  return 'imported';
};

describe('ChatGPT conversations.json', () => {
  it('imports both conversations without the browsing tool turns', () => {
    const { format, chats, skipped } = parseExport(fixture('chatgpt-export.json'));
    expect(format).toBe('chatgpt');
    expect(skipped).toEqual([]);
    expect(chats.map((c) => c.chat.summary)).toEqual([
      'Conversation 1. Web Search',
      'Conversation 2',
    ]);
    const [search, code] = chats;
    expect(search!.messages.map((m) => m.prompt)).toEqual([
      'What is the fuel consumption of vw  transporter with 8 people in l/km',
      'What about 10 year old model',
      'Is it for fully loaded    car?',
    ]);
    expect(search!.messages[0]!.reply).toMatch(/^The fuel consumption of a Volkswagen Transporter/);
    expect(search!.messages.map((m) => m.reply).join()).not.toMatch(/search\(|mclick\(|URL: https/);
    expect(search!.messages.every((m) => m.model === 'gpt-4')).toBe(true);
    // Seconds in the export, milliseconds in Confab.
    expect(search!.messages[0]!.createdAt).toBe(1704629915776);
    expect(search!.chat.createdAt).toBe(1704629915775);
    expect(code!.messages).toHaveLength(2);
    expect(code!.messages[1]!.prompt).toBe('give me code in C#');
    expect(code!.messages[1]!.reply).toContain('```csharp');
    expect(code!.messages[1]!.model).toBe('text-davinci-002-render-sha');
  });

  it('takes the branch current_node points to', () => {
    const { chats } = parseExport(fixture('chatgpt-tree.json'));
    expect(chats).toHaveLength(1);
    const { chat, messages } = chats[0]!;
    expect(chat.summary).toBe('Assist user with summary');
    expect(messages.map((m) => m.prompt)).toEqual(['hi there', 'hi again', 'tell me a joke']);
    expect(messages[1]!.reply).toBe("Hey! Welcome back. What's on your mind?");
    expect(messages[2]!.reply).toMatch(/^Sure, here's one for you:/);
    expect(messages.map((m) => m.prompt)).not.toContain('so cool bro');
    expect(messages[2]!.createdAt).toBe(1714585055909);
  });

  it('skips the broken entry with its reason and keeps the others', () => {
    const { chats, skipped } = parseExport(fixture('chatgpt-modern-export.json'));
    expect(skipped).toEqual([{ title: 'Corrupted entry', reason: 'noMessages' }]);
    expect(chats.map((c) => c.chat.summary)).toEqual([
      'Deploying the staging cluster',
      'Weeknight pasta',
    ]);
    const [deploy, pasta] = chats;
    // The hidden user_editable_context node is not a prompt.
    expect(deploy!.messages.map((m) => [m.prompt, m.reply])).toEqual([
      ['How do I roll back the deploy?', 'Run `helm rollback staging`.'],
      ['And if that fails?', 'Restore from the last known-good chart.'],
    ]);
    expect(deploy!.messages[1]!.model).toBe('o4-mini');
    expect(pasta!.messages.map((m) => [m.prompt, m.reply, m.createdAt])).toEqual([
      ['Something with anchovies?', 'Puttanesca.', 1756001001000],
    ]);
  });
});

describe('Open WebUI export', () => {
  it('imports the three chats with reasoning apart and tool blocks left out', () => {
    const { format, chats } = parseExport(fixture('openwebui-export.json'));
    expect(format).toBe('open-webui');
    expect(chats.map((c) => c.chat.summary)).toEqual([
      'Chat with reasoning',
      'Chat with tool call',
      'Simple linear chat',
    ]);
    const [reasoning, tool, simple] = chats.map((c) => c.messages);
    expect(reasoning).toHaveLength(1);
    expect(reasoning![0]).toMatchObject({
      prompt: 'What is 15 * 17?',
      reply: '255',
      reasoning: '15 * 17 = 15 * 10 + 15 * 7 = 150 + 105 = 255',
      model: 'deepseek-r1',
      createdAt: 1700000000000,
    });
    expect(tool![0]!.reply).toBe('The weather in Paris is 18C with rain.');
    expect(simple![0]).toMatchObject({
      prompt: 'Hello',
      reply: 'Hi there!',
      model: 'llama3.1:latest',
    });
    expect(chats[2]!.chat.createdAt).toBe(1700002000000);
  });
});

describe('LibreChat export', () => {
  it('takes the branch ending at the last message and the preset as system message', () => {
    const { format, chats } = parseExport(fixture('librechat-tree.json'));
    expect(format).toBe('librechat');
    expect(chats).toHaveLength(1);
    const { chat, messages } = chats[0]!;
    expect(chat.summary).toBe('Troubleshooting Python Virtual Environment Activation Issue');
    expect(chat.systemMessage).toBe('You are an expert software engineer.');
    expect(messages.map((m) => m.prompt)).toEqual([
      expect.stringMatching(/^How do I use source venv\/bin\/activate\?/),
      'lol',
    ]);
    expect(messages[0]!.reply).toMatch(/^It looks like you're trying to activate/);
    expect(messages[1]!.reply).toMatch(/^It looks like you might have been amused/);
    expect(messages[0]!.createdAt).toBe(Date.parse('2024-05-01T16:35:11.530Z'));
    expect(messages[1]!.createdAt).toBeGreaterThan(messages[0]!.createdAt);
    expect(messages.every((m) => m.model === 'gpt-4-turbo')).toBe(true);
  });
});

describe('files that are not exports', () => {
  it('refuses each with its reason and imports nothing', () => {
    const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
    expect(failureOf(png)).toBe('notJson');
    expect(failureOf('{}')).toBe('notExport');
    expect(failureOf('[1, 2, 3]')).toBe('notExport');
    expect(failureOf('[]')).toBe('notExport');
    expect(failureOf('{"format":"confab-ai-chats","version":2,"chats":[]}')).toBe('notExport');
    expect(failureOf('{"format":"confab-ai-chats","version":1,"exportedAt":"x","chats":[]}')).toBe(
      'empty',
    );
  });
});

describe('export times', () => {
  it('reads seconds, milliseconds and ISO dates as epoch milliseconds', () => {
    expect(toEpochMs(1700000000)).toBe(1700000000000);
    expect(toEpochMs(1700000000.5)).toBe(1700000000500);
    expect(toEpochMs(1700000000123)).toBe(1700000000123);
    expect(toEpochMs('2024-05-01T16:35:11.530Z')).toBe(1714581311530);
    expect(toEpochMs('13:18:04 GMT-0400')).toBeUndefined();
    expect(toEpochMs(null)).toBeUndefined();
  });
});
