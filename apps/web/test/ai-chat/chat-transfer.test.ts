import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { aiChatImportMaxBytes } from '@confab/protocol/ai-chat-export';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatsForExport, importChatFile } from '@/features/ai-chat/actions/chat-transfer';
import { chatsToJson } from '@/features/ai-chat/lib/chat-export/json';
import { chatsToMarkdown } from '@/features/ai-chat/lib/chat-export/markdown';
import { ChatImportError } from '@/features/ai-chat/lib/chat-import/types';
import { chatDb, closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { chatExportFixture } from '../helpers/chat-exports';

const chat: AiChat = {
  id: 'c1',
  createdAt: 1700000000000,
  updatedAt: 1700000300000,
  summary: 'Sorting in Rust',
  model: 'deepseek-reasoner',
  systemMessage: 'Answer briefly.',
  maxCtxMessages: 4,
  temperature: 0.3,
  maxTokens: 2048,
  prompt: 'draft prompt',
  input: 'draft input',
  stream: false,
  context: 'ctx',
};

const messages: AiChatMessage[] = [
  {
    id: 'm1',
    chatId: 'c1',
    prompt: 'How do I sort a Vec?',
    reply: 'Use `sort`:\n\n```rust\nv.sort();\n```',
    reasoning: 'The user wants the simplest way.\nMention sort.',
    model: 'deepseek-reasoner',
    provider: 'DeepSeek',
    temperature: 0.3,
    maxTokens: 2048,
    inputTokens: 12,
    outputTokens: 40,
    memo: 'kept',
    isActive: false,
    citedFiles: ['a.txt'],
    citedChunks: ['chunk'],
    createdAt: 1700000100000,
    stopped: true,
    error: 'late',
    toolCalls: [
      {
        id: 't1',
        name: 'fs--read',
        args: { path: 'a.txt' },
        outcome: 'result',
        output: 'hello',
        result: { content: [{ type: 'text', text: 'hello' }], isError: false, durationMs: 3 },
        durationMs: 5,
      },
    ],
    toolRoundsCapped: 2,
    htmlStripped: true,
  },
  {
    id: 'm2',
    chatId: 'c1',
    prompt: 'And reversed?',
    reply: 'v.sort_by(|a, b| b.cmp(a));',
    reasoning: '',
    model: 'deepseek-reasoner',
    provider: 'DeepSeek',
    temperature: 0.3,
    maxTokens: null,
    inputTokens: 0,
    outputTokens: 0,
    memo: '',
    isActive: false,
    citedFiles: [],
    citedChunks: [],
    createdAt: 1700000200000,
    // Cut by a reload: the mark goes out and comes back with the message.
    interrupted: true,
  },
];

const file = (text: string, name = 'export.json') => new File([text], name);

async function emptyStore() {
  await closeChatDbForTests();
  // A new, empty IndexedDB: the open connection of the last store stays with the old one.
  vi.stubGlobal('indexedDB', new IDBFactory());
  useChatStore.setState({ ...initialChatState });
  // Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
  declareAccount('u-1');
}

async function storeChat() {
  const db = await chatDb();
  await db.putChat(chat);
  await db.putMessages(messages);
}

beforeEach(emptyStore);

describe('Confab JSON export', () => {
  it('gives back the same chats and messages when imported into an empty store', async () => {
    await storeChat();
    const exported = chatsToJson(await chatsForExport(), new Date('2026-01-02T03:04:05Z'));
    expect(JSON.parse(exported)).toMatchObject({
      format: 'confab-ai-chats',
      version: 1,
      exportedAt: '2026-01-02T03:04:05.000Z',
    });
    await emptyStore();
    const summary = await importChatFile(file(exported));
    expect(summary).toEqual({ imported: ['Sorting in Rust'], skipped: [] });
    const db = await chatDb();
    expect(await db.listChats()).toEqual([chat]);
    expect(await db.listMessages('c1')).toEqual(messages);
    // The imported chat is listed and opened.
    expect(useChatStore.getState().chats.map((c) => c.id)).toEqual(['c1']);
    expect(useChatStore.getState().activeId).toBe('c1');
  });

  it('keeps the chat settings added later (no tools, top P, presence penalty)', async () => {
    const tuned: AiChat = { ...chat, noTools: true, topP: 0.8, presencePenalty: -0.5 };
    const db0 = await chatDb();
    await db0.putChat(tuned);
    await db0.putMessages(messages);
    const exported = chatsToJson(await chatsForExport(), new Date('2026-01-02T03:04:05Z'));
    await emptyStore();
    await importChatFile(file(exported));
    expect(await (await chatDb()).listChats()).toEqual([tuned]);
  });

  it("keeps the chat's own provider (docs/product.md#model-picker)", async () => {
    const picked: AiChat = { ...chat, provider: 'OpenAI', model: 'gpt-4o' };
    const db0 = await chatDb();
    await db0.putChat(picked);
    await db0.putMessages(messages);
    const exported = chatsToJson(await chatsForExport(), new Date('2026-01-02T03:04:05Z'));
    await emptyStore();
    await importChatFile(file(exported));
    expect(await (await chatDb()).listChats()).toEqual([picked]);
  });

  it('skips a chat that is already there instead of overwriting it', async () => {
    await storeChat();
    const exported = chatsToJson(await chatsForExport('c1'));
    const db = await chatDb();
    await db.putChat({ ...chat, summary: 'Renamed since' });
    const summary = await importChatFile(file(exported));
    expect(summary).toEqual({
      imported: [],
      skipped: [{ title: 'Sorting in Rust', reason: 'alreadyThere' }],
    });
    expect((await db.listChats())[0]!.summary).toBe('Renamed since');
  });

  it('imports the valid chats of a damaged file and lists the others', async () => {
    const exported = JSON.parse(chatsToJson([{ chat, messages }])) as { chats: unknown[] };
    exported.chats.push({
      chat: { ...chat, id: 'c2', summary: 'Broken', stream: 'yes' },
      messages: [],
    });
    const summary = await importChatFile(file(JSON.stringify(exported)));
    expect(summary).toEqual({
      imported: ['Sorting in Rust'],
      skipped: [{ title: 'Broken', reason: 'invalid' }],
    });
  });
});

describe('importing other apps', () => {
  it('stores the ChatGPT branch fixture as one chat with new ids', async () => {
    const summary = await importChatFile(file(chatExportFixture('chatgpt-tree.json')));
    expect(summary).toEqual({ imported: ['Assist user with summary'], skipped: [] });
    const db = await chatDb();
    const [stored] = await db.listChats();
    const list = await db.listMessages(stored!.id);
    expect(list.map((m) => m.prompt)).toEqual(['hi there', 'hi again', 'tell me a joke']);
    expect(list.every((m) => m.chatId === stored!.id)).toBe(true);
    // Imported twice: a second chat, never the first one overwritten.
    await importChatFile(file(chatExportFixture('chatgpt-tree.json')));
    expect(await db.listChats()).toHaveLength(2);
  });

  it('imports the broken ChatGPT export without its corrupted entry', async () => {
    const summary = await importChatFile(file(chatExportFixture('chatgpt-modern-export.json')));
    expect(summary.imported).toEqual(['Deploying the staging cluster', 'Weeknight pasta']);
    expect(summary.skipped).toEqual([{ title: 'Corrupted entry', reason: 'noMessages' }]);
  });
});

describe('files that are not exports', () => {
  const reasonOf = async (blob: Blob) => {
    const error = await importChatFile(blob).catch((e: unknown) => e);
    return error instanceof ChatImportError ? error.reason : error;
  };

  it('imports nothing and says why', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73]);
    expect(await reasonOf(new File([png], 'photo.png', { type: 'image/png' }))).toBe('notJson');
    expect(await reasonOf(file('{}'))).toBe('notExport');
    expect(await reasonOf(file('[1,2,3]'))).toBe('notExport');
    expect(await (await chatDb()).listChats()).toEqual([]);
  });

  it('refuses a file over 256 MB before reading it', async () => {
    const big = new File(['{}'], 'big.json');
    // Its size as a picked file of 257 MB reports it, without holding that much here.
    Object.defineProperty(big, 'size', { value: 257 * 1024 * 1024 });
    const read = vi.spyOn(big, 'text');
    expect(aiChatImportMaxBytes).toBe(256 * 1024 * 1024);
    expect(await reasonOf(big)).toBe('tooLarge');
    expect(read).not.toHaveBeenCalled();
  });
});

describe('Markdown export', () => {
  it('writes the title, each prompt and reply, quoted reasoning, model, time and code', () => {
    const text = chatsToMarkdown([{ chat, messages }], {
      you: 'You',
      assistant: 'Assistant',
      reasoning: 'Reasoning',
      model: 'Model',
      system: 'System message',
      untitled: 'New chat',
      attachments: 'Attachments',
    });
    expect(text).toContain('# Sorting in Rust\n');
    expect(text).toContain('*2023-11-14 22:13 UTC · Model: deepseek-reasoner*');
    expect(text).toContain('**System message**\n\n> Answer briefly.');
    expect(text).toContain('## You · 2023-11-14 22:15 UTC\n\nHow do I sort a Vec?');
    expect(text).toContain('## Assistant · deepseek-reasoner');
    expect(text).toContain(
      '> **Reasoning**\n>\n> The user wants the simplest way.\n> Mention sort.\n\nUse `sort`:',
    );
    expect(text).toContain('```rust\nv.sort();\n```');
    expect(text).toContain('## You · 2023-11-14 22:16 UTC\n\nAnd reversed?');
  });
});

describe('versions and branches in transfers', () => {
  // m1 → m2, and m1 → m3 (an edited second prompt, chosen last), so the chat shows m1, m3.
  const tree: AiChatMessage[] = [
    { ...messages[0]!, parentId: null },
    { ...messages[1]!, parentId: 'm1' },
    {
      ...messages[1]!,
      id: 'm3',
      parentId: 'm1',
      prompt: 'And reversed, in place?',
      reply: 'v.reverse();',
      createdAt: 1700000250000,
      selectedAt: 1700000260000,
    },
  ];
  const labels = {
    you: 'You',
    assistant: 'Assistant',
    reasoning: 'Reasoning',
    model: 'Model',
    system: 'System',
    untitled: 'Untitled',
    attachments: 'Attachments',
  };

  it('a Confab JSON round trip keeps every version and the one chosen', async () => {
    const db = await chatDb();
    await db.putChat(chat);
    await db.putMessages(tree);
    const exported = chatsToJson(await chatsForExport());
    await emptyStore();
    await importChatFile(file(exported));
    expect(await (await chatDb()).listMessages('c1')).toEqual(tree);
    expect(useChatStore.getState().messages.map((m) => m.id)).toEqual(['m1', 'm3']);
  });

  it("a Confab JSON round trip keeps a prompt's attachments; Markdown names them", async () => {
    const attachments: AiChatMessage['attachments'] = [
      {
        kind: 'image',
        name: 'dot.png',
        size: 70,
        mime: 'image/png',
        dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        width: 1,
        height: 1,
      },
      { kind: 'pdf', name: 'owl.pdf', size: 598, mime: 'application/pdf', text: 'The owl' },
    ];
    const withFiles = [{ ...tree[0]!, attachments }];
    const db = await chatDb();
    await db.putChat(chat);
    await db.putMessages(withFiles);
    const exported = chatsToJson(await chatsForExport());
    await emptyStore();
    await importChatFile(file(exported));
    expect(await (await chatDb()).listMessages('c1')).toEqual(withFiles);
    expect(chatsToMarkdown([{ chat, messages: withFiles }], labels)).toContain(
      'How do I sort a Vec?\n\n*Attachments: dot.png, owl.pdf*\n',
    );
  });

  it('a Confab file whose message follows one not in its chat, or loops, is skipped', async () => {
    const broken = [
      [...tree, { ...messages[1]!, id: 'm4', parentId: 'elsewhere' }],
      [
        { ...tree[0]!, parentId: 'm2' },
        { ...tree[1]!, parentId: 'm1' },
      ],
    ];
    for (const list of broken) {
      const summary = await importChatFile(file(chatsToJson([{ chat, messages: list }])));
      expect(summary).toEqual({
        imported: [],
        skipped: [{ title: 'Sorting in Rust', reason: 'invalid' }],
      });
    }
  });

  it('Markdown writes the path shown only', () => {
    const text = chatsToMarkdown([{ chat, messages: tree }], labels);
    expect(text).toContain('And reversed, in place?');
    expect(text).not.toContain('And reversed?');
  });

  it('a chat of another app comes in as one path', async () => {
    await importChatFile(file(chatExportFixture('chatgpt-tree.json')));
    const db = await chatDb();
    const [stored] = await db.listChats();
    const list = await db.listMessages(stored!.id);
    expect(list.map((m) => m.parentId)).toEqual([null, list[0]!.id, list[1]!.id]);
  });
});
