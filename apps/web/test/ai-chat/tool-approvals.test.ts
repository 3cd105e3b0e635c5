import 'fake-indexeddb/auto';
import { aiChatExportEntrySchema } from '@confab/protocol/ai-chat-export';
import { syncedChatSchema } from '@confab/protocol/ai-history';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chatToolApprovals,
  loadChats,
  saveChatToolApprovals,
} from '@/features/ai-chat/actions/chat-actions';
import { chatDb, closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import type { ApprovalDecision } from '@/features/mcp-tools/lib/approval';
import { createToolRuntime, type ApprovalStore } from '@/features/mcp-tools/lib/tool-runtime';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { aiChat } from '../helpers/ai-chat-records';
import { echoTool, offer, server, sumTool } from '../mcp-tools/fixtures';

/** A runtime as a page load makes it, over the given approval store. */
function runtime(approvals: ApprovalStore, answers: ApprovalDecision[]) {
  const asked: string[] = [];
  const tools = createToolRuntime({
    loadOffer: async () =>
      offer([server({ approvalPolicy: 'ask once per chat' })], [echoTool, sumTool]),
    callTool: async () => ({
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
      durationMs: 1,
    }),
    askApproval: async (request) => {
      asked.push(`${request.chatId}:${request.tool}`);
      const answer = answers.shift();
      if (!answer) throw new Error('asked more often than expected');
      return answer;
    },
    approvals,
    now: () => 0,
  });
  return { tools, asked };
}

const call = (name: string) => ({ id: name, name: `everything--${name}`, args: {} });

beforeEach(async () => {
  declareAccount('u-1');
  useChatStore.setState({ ...initialChatState });
  const db = await chatDb();
  for (const chat of await db.listChats()) await db.deleteChat(chat.id);
  await db.putChat(aiChat('c1'));
  await db.putChat(aiChat('c2'));
  await loadChats();
});

describe('"Ask once per chat" approvals are kept with the chat', () => {
  it('a reload asks again only in chats not yet allowed', async () => {
    const store: ApprovalStore = { read: chatToolApprovals, write: saveChatToolApprovals };
    const first = runtime(store, ['allow']);
    await first.tools.offer(undefined);
    expect((await first.tools.run(call('echo'), 'c1')).outcome).toBe('result');
    expect(first.asked).toEqual(['c1:echo']);
    await expect
      .poll(async () => (await chatDb()).getChat('c1'))
      .toMatchObject({
        toolApprovals: ['server:everything'],
      });

    // A reload: the page's memory goes, the browser's database stays.
    useChatStore.setState({ ...initialChatState });
    await closeChatDbForTests();
    await loadChats();
    const second = runtime(store, ['allow']);
    await second.tools.offer(undefined);
    expect((await second.tools.run(call('get-sum'), 'c1')).outcome).toBe('result');
    expect(second.asked).toEqual([]);
    await second.tools.run(call('echo'), 'c2');
    expect(second.asked).toEqual(['c2:echo']);
  });

  it('the sync and the export keep them, and chats saved before them stay valid', () => {
    const chat = aiChat('3f1c5a62-5d0e-4b8a-9d6c-0c2a7e4b1a90', {
      toolApprovals: ['server:everything', 'tool:files.read'],
    });
    expect(syncedChatSchema.parse(chat).toolApprovals).toEqual(chat.toolApprovals);
    expect(aiChatExportEntrySchema.parse({ chat, messages: [] }).chat.toolApprovals).toEqual(
      chat.toolApprovals,
    );
    const older = aiChat('3f1c5a62-5d0e-4b8a-9d6c-0c2a7e4b1a91');
    expect(syncedChatSchema.parse(older).toolApprovals).toBeUndefined();
  });
});
