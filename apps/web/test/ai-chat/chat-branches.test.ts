import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createChat,
  editAndResend,
  openChat,
  regenerate,
  sendPrompt,
  showVersion,
} from '@/features/ai-chat/actions/chat-actions';
import { showRemoteChanges } from '@/features/ai-chat/actions/history-apply';
import { noTools } from '@/features/ai-chat/lib/chat-tools';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { versionPlaces } from '@/features/ai-chat/lib/message-tree';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { declareAccount } from '@/lib/account-storage/account-storage';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';

/**
 * Versions and branches (docs/product.md#versions-and-branches). Each reply comes from the
 * test provider's synthetic stream of N tokens, which ends in `END-N`: replies tell apart.
 */
let provider: ProviderServer;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

/** Settings whose reply ends in END-`tokens`. */
function replying(tokens: number) {
  const settings = defaultSettings();
  settings.api.activeProvider = 'Ollama';
  settings.api.providers.Ollama.base = provider.base(`synthetic,tokens:${tokens}`);
  settings.api.providers.Ollama.model = 'gemma3:1b';
  return settings;
}

const shown = () =>
  useChatStore.getState().messages.map((m) => `${m.prompt} → ${m.reply.split(' ').at(-1)}`);
const message = (prompt: string) => {
  const found = useChatStore.getState().messages.find((m) => m.prompt === prompt);
  if (!found) throw new Error(`${prompt} is not shown`);
  return found;
};
const placeOf = (prompt: string) =>
  versionPlaces(useChatStore.getState().records).get(message(prompt).id);
/** What the model got with the last request: its user and assistant messages. */
function lastContext(): string[] {
  const body = provider.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
  return body.messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role}: ${m.role === 'user' ? m.content : m.content.split(' ').at(-1)}`);
}

async function reload(chatId: string) {
  useChatStore.setState({ ...initialChatState });
  await openChat(chatId);
}

beforeEach(() => {
  declareAccount('u-1');
  useChatStore.setState({ ...initialChatState });
});

describe('versions and branches', () => {
  it('regenerating keeps the earlier reply as a version; later prompts get the one shown', async () => {
    const chat = await createChat(replying(1));
    await sendPrompt('One', replying(1), noTools);
    await sendPrompt('Two', replying(2), noTools);
    await regenerate(message('Two').id, replying(3), noTools);
    expect(shown()).toEqual(['One → END-1', 'Two → END-3']);
    expect(placeOf('Two')).toMatchObject({ index: 2, count: 2 });
    // The regenerated reply answered the same context.
    expect(lastContext()).toEqual(['user: One', 'assistant: END-1', 'user: Two']);

    await showVersion(placeOf('Two')!.previousId!);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2']);
    expect(placeOf('Two')).toMatchObject({ index: 1, count: 2 });
    await sendPrompt('Three', replying(4), noTools);
    expect(lastContext()).toEqual([
      'user: One',
      'assistant: END-1',
      'user: Two',
      'assistant: END-2',
      'user: Three',
    ]);

    await reload(chat.id);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2', 'Three → END-4']);
    expect(placeOf('Two')).toMatchObject({ index: 1, count: 2 });
  });

  it('editing a prompt starts a branch; the old prompt and what followed stay reachable', async () => {
    const chat = await createChat(replying(1));
    await sendPrompt('One', replying(1), noTools);
    await sendPrompt('Two', replying(2), noTools);
    await sendPrompt('Three', replying(3), noTools);
    await editAndResend(message('Two').id, 'Two, edited', replying(5), noTools);
    expect(shown()).toEqual(['One → END-1', 'Two, edited → END-5']);
    expect(lastContext()).toEqual(['user: One', 'assistant: END-1', 'user: Two, edited']);
    expect(placeOf('Two, edited')).toMatchObject({ index: 2, count: 2 });

    await sendPrompt('Four', replying(6), noTools);
    expect(lastContext()).toEqual([
      'user: One',
      'assistant: END-1',
      'user: Two, edited',
      'assistant: END-5',
      'user: Four',
    ]);

    // Back to the first branch: its whole tail returns.
    await showVersion(placeOf('Two, edited')!.previousId!);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2', 'Three → END-3']);
    await sendPrompt('Five', replying(7), noTools);
    expect(lastContext()).toEqual([
      'user: One',
      'assistant: END-1',
      'user: Two',
      'assistant: END-2',
      'user: Three',
      'assistant: END-3',
      'user: Five',
    ]);

    await reload(chat.id);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2', 'Three → END-3', 'Five → END-7']);
    await showVersion(placeOf('Two')!.nextId!);
    await reload(chat.id);
    expect(shown()).toEqual(['One → END-1', 'Two, edited → END-5', 'Four → END-6']);
  });

  it('the first prompt has versions too', async () => {
    const chat = await createChat(replying(1));
    await sendPrompt('One', replying(1), noTools);
    await sendPrompt('Two', replying(2), noTools);
    await editAndResend(message('One').id, 'Uno', replying(3), noTools);
    expect(shown()).toEqual(['Uno → END-3']);
    expect(lastContext()).toEqual(['user: Uno']);
    await showVersion(placeOf('Uno')!.previousId!);
    await reload(chat.id);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2']);
    expect(placeOf('One')).toMatchObject({ index: 1, count: 2 });
  });

  it('a version chosen or added on another device shows here once synced', async () => {
    await createChat(replying(1));
    await sendPrompt('One', replying(1), noTools);
    await regenerate(message('One').id, replying(2), noTools);
    useChatStore.setState({ loaded: true });
    const db = await chatDb();
    // Sent already: what the server sends back is applied.
    await db.clearOutbox(await db.readOutbox());
    const first = (await db.listMessages(useChatStore.getState().activeId!)).find((m) =>
      m.reply.endsWith('END-1'),
    )!;
    const chosen = { ...first, selectedAt: Date.now() + 60_000 };
    const added = { ...first, id: 'remote-next', parentId: first.id, prompt: 'From the phone' };
    const remote = {
      chats: [],
      deletedChats: [],
      messages: [chosen, { ...added, createdAt: first.createdAt + 1 }],
      deletedMessages: [],
      chatRevisions: {},
    };
    await db.applyRemote(remote);
    await showRemoteChanges(db, remote);
    expect(shown()).toEqual(['One → END-1', 'From the phone → END-1']);
  });

  it('a version found by search opens with the conversation it was in', async () => {
    const chat = await createChat(replying(1));
    await sendPrompt('One', replying(1), noTools);
    await sendPrompt('Two', replying(2), noTools);
    await editAndResend(message('One').id, 'Uno', replying(3), noTools);
    const [old] = (await (await chatDb()).listMessages(chat.id)).filter((m) => m.prompt === 'Two');
    useChatStore.setState({ ...initialChatState });
    await openChat(chat.id, old!.id);
    expect(shown()).toEqual(['One → END-1', 'Two → END-2']);
  });
});

describe('versions of a prompt with attachments (docs/product.md#prompt-attachments)', () => {
  it('an edited or regenerated version keeps the attachments and sends them again', async () => {
    const chat = await createChat(replying(1));
    const notes = {
      kind: 'text' as const,
      name: 'n.md',
      size: 2,
      mime: 'text/markdown',
      text: 'hi',
    };
    await sendPrompt('One', replying(1), noTools, [notes]);
    expect(lastContext()).toEqual(['user: One\n\nFile: n.md\n```\nhi\n```']);
    await regenerate(message('One').id, replying(2), noTools);
    expect(lastContext()).toEqual(['user: One\n\nFile: n.md\n```\nhi\n```']);
    await editAndResend(message('One').id, 'Uno', replying(3), noTools);
    expect(lastContext()).toEqual(['user: Uno\n\nFile: n.md\n```\nhi\n```']);
    await reload(chat.id);
    expect(message('Uno').attachments).toEqual([notes]);
  });
});
