// The sync keeps its outbox and cursor in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { AiChat } from '@confab/protocol/ai-chat';
import {
  aiHistoryRoutes,
  type AiHistoryChange,
  type AiHistoryPushChange,
  type AiHistoryPushResult,
} from '@confab/protocol/ai-history';
import { limits } from '@confab/protocol/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { pushOutbox } from '@/features/ai-chat/lib/history-sync/push';
import { pullHistory } from '@/features/ai-chat/lib/history-sync/pull';
import { startHistorySync } from '@/features/ai-chat/lib/history-sync/history-sync';
import { useHistorySyncStore } from '@/features/ai-chat/stores/history-sync-store';
import { fakeServer, json, type FakeRequest } from '../helpers/fake-server';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';
import { fakeSocket } from '../helpers/fake-socket';
import { openPageAs } from '../helpers/account-storage';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chat = (id: string, summary = id): AiChat => aiChat(id, { summary });
const message = aiMessage;

const ok = (data: unknown) => json({ statusCode: 200, data });
const pushRoute = `POST ${aiHistoryRoutes.chats}`;
const chatsRoute = `GET ${aiHistoryRoutes.chats}`;
const messagesRoute = `GET ${aiHistoryRoutes.messages}`;
const settings = (revision: number, mode: 'synced' | 'device' = 'synced') => ({
  mode,
  revision,
  usedBytes: 0,
  maxBytes: 1_000_000,
});

/** A server that answers each pushed change with `answer` (applied at the next revision by default). */
function pushServer(answer?: (change: AiHistoryPushChange) => AiHistoryPushResult | undefined) {
  let revision = 0;
  return fakeServer({
    routes: {
      [pushRoute]: (request: FakeRequest) => {
        const { changes } = request.body as { changes: AiHistoryPushChange[] };
        const results = changes.map(
          (change) => answer?.(change) ?? { status: 'applied' as const, revision: ++revision },
        );
        return ok({ results, revision });
      },
    },
  });
}

const pushed = (server: ReturnType<typeof fakeServer>) =>
  server.calls(pushRoute).flatMap((r) => (r.body as { changes: AiHistoryPushChange[] }).changes);

beforeEach(async () => {
  // A new, empty IndexedDB: the open connection of the last test stays with the old one.
  vi.stubGlobal('indexedDB', new IDBFactory());
  await openPageAs('u-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pushing what changed on this device', () => {
  it('sends a chat before its message, each once, and a streaming reply only once it ended', async () => {
    const db = await chatDb();
    await db.putMessage(message('c1', 'm1'));
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'm2', { isActive: true, reply: 'half' }));
    const server = pushServer();

    await pushOutbox(db);
    expect(pushed(server).map((c) => c.kind)).toEqual(['chat', 'message']);
    expect(pushed(server)[1]).toMatchObject({ kind: 'message', message: { id: 'm1' } });

    await pushOutbox(db);
    expect(server.calls(pushRoute)).toHaveLength(1);

    await db.putMessage(message('c1', 'm2', { reply: 'whole' }));
    await pushOutbox(db);
    expect(pushed(server).at(-1)).toMatchObject({ message: { id: 'm2', reply: 'whole' } });
  });

  it('sends a message after the one it follows, and keeps back what follows one it cannot send', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    // Ids sort against the order of creation: the outbox alone would send the reply first.
    await db.putMessages([
      message('c1', 'z-first', { parentId: null, createdAt: 1 }),
      message('c1', 'b-second', { parentId: 'z-first', createdAt: 2 }),
      message('c1', 'a-third', { parentId: 'b-second', createdAt: 3 }),
      message('c1', 'y-huge', {
        parentId: 'z-first',
        createdAt: 4,
        reply: 'x'.repeat(limits.aiHistoryPushMaxBytes),
      }),
      message('c1', 'x-after-huge', { parentId: 'y-huge', createdAt: 5 }),
    ]);
    const server = pushServer();
    const outcome = await pushOutbox(db);
    expect(pushed(server).map((c) => (c.kind === 'message' ? c.message.id : c.kind))).toEqual([
      'chat',
      'z-first',
      'b-second',
      'a-third',
    ]);
    expect(outcome.unsendable).toBe(2);
  });

  it('keeps pushes to the usual body size, and sends a message with large images in one of its own', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    const image = 'x'.repeat(3 * limits.bodyMaxBytes);
    await db.putMessages([
      message('c1', 'm1', { parentId: null, createdAt: 1 }),
      message('c1', 'm2', { parentId: 'm1', createdAt: 2, prompt: image }),
      message('c1', 'm3', { parentId: 'm2', createdAt: 3 }),
    ]);
    const server = pushServer();
    const outcome = await pushOutbox(db);
    const bodies = server.calls(pushRoute).map((c) => (c.body as { changes: unknown[] }).changes);
    expect(bodies.map((changes) => changes.length)).toEqual([2, 1, 1]);
    expect(outcome.unsendable).toBe(0);
  });

  it('sends a rename based on the revision the server gave the chat', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    const server = pushServer();
    await pushOutbox(db);
    await db.putChat(chat('c1', 'renamed'));
    await pushOutbox(db);
    expect(pushed(server).at(-1)).toMatchObject({
      kind: 'chat',
      chat: { summary: 'renamed' },
      baseRevision: 1,
    });
  });

  it("keeps the server's title when another device renamed the chat first", async () => {
    const db = await chatDb();
    await db.putChat(chat('c1', 'mine'));
    pushServer(() => ({ status: 'stale', revision: 7, chat: chat('c1', 'theirs') }));
    await pushOutbox(db);
    expect((await db.getChat('c1'))?.summary).toBe('theirs');
    expect(await db.chatRevision('c1')).toBe(7);
    expect(await db.readOutbox()).toEqual([]);
  });

  it('removes a chat, with its messages, that another device deleted', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'm1'));
    pushServer((change) => (change.kind === 'chat' ? { status: 'deleted' } : undefined));
    await pushOutbox(db);
    expect(await db.getChat('c1')).toBeUndefined();
    expect(await db.listMessages('c1')).toEqual([]);
  });

  it('keeps a change the storage limit refused, to send later, and says why', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    pushServer(() => ({ status: 'full', message: 'AI history storage is full (1 MB)' }));
    const outcome = await pushOutbox(db);
    expect(outcome.full).toBe('AI history storage is full (1 MB)');
    expect((await db.readOutbox()).map((e) => e.key)).toEqual(['chat:c1']);
    expect(await db.getChat('c1')).toBeDefined();
  });

  it('sends a deleted chat as a deletion and none of its messages', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'm1'));
    await db.deleteChat('c1');
    const server = pushServer();
    await pushOutbox(db);
    expect(pushed(server)).toEqual([{ kind: 'chat-deleted', id: 'c1' }]);
  });

  it('keeps changes that failed to send in the outbox', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    fakeServer({
      routes: {
        [pushRoute]: () =>
          json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }, 503),
      },
    });
    await expect(pushOutbox(db)).rejects.toThrow('down');
    expect((await db.readOutbox()).map((e) => e.key)).toEqual(['chat:c1']);
  });
});

/**
 * A server that keeps the messages it takes, as the real one decides
 * (docs/product.md#versions-and-branches): a message whose parent it lacks (stored or in the same push) is
 * `missing-parent`, and while `full` it stores no message, nor what follows one it refused.
 */
function treeServer() {
  const stored = new Map<string, string | null | undefined>();
  const state = { full: false };
  let revision = 0;
  const server = fakeServer({
    routes: {
      [pushRoute]: (request: FakeRequest) => {
        const { changes } = request.body as { changes: AiHistoryPushChange[] };
        const inPush = new Set(
          changes.flatMap((c) => (c.kind === 'message' ? [c.message.id] : [])),
        );
        const missing = new Set<string>();
        const refused = new Set<string>();
        const results = changes.map((change): AiHistoryPushResult => {
          if (change.kind !== 'message') return { status: 'applied', revision: ++revision };
          const { id, parentId } = change.message;
          const has = (parent: string) => stored.has(parent) || inPush.has(parent);
          if (parentId && (missing.has(parentId) || !has(parentId))) {
            missing.add(id);
            return { status: 'missing-parent', message: 'send that one first' };
          }
          if (state.full || (parentId && refused.has(parentId))) {
            refused.add(id);
            return { status: 'full', message: 'AI history storage is full (1 MB)' };
          }
          stored.set(id, parentId);
          return { status: 'applied', revision: ++revision };
        });
        return ok({ results, revision });
      },
      [chatsRoute]: () => ok({ settings: settings(revision), changes: [] }),
      [messagesRoute]: () => ok({ changes: [], more: false }),
    },
  });
  return { server, stored, state };
}

describe('pushing a message whose parent the server lacks', () => {
  it('sends both once the storage limit that kept the parent out has room again', async () => {
    const db = await chatDb();
    const { stored, state } = treeServer();
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'a', { parentId: null, createdAt: 1 }));
    state.full = true;
    expect((await pushOutbox(db)).full).toBe('AI history storage is full (1 MB)');

    // The user makes room, and goes on with the chat.
    state.full = false;
    await db.putMessage(message('c1', 'b', { parentId: 'a', createdAt: 2 }));
    for (let run = 0; run < 3 && (await db.readOutbox()).length > 0; run += 1) {
      await pushOutbox(db);
    }
    expect([...stored.keys()]).toEqual(['a', 'b']);
    expect(await db.readOutbox()).toEqual([]);
  });

  it('sends the parent again when the server lost it, then the message that follows it', async () => {
    const db = await chatDb();
    const { server, stored } = treeServer();
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'a', { parentId: null, createdAt: 1 }));
    await pushOutbox(db);
    // Another device kept the chats on its devices only, then synced them again: the server
    // no longer has `a`, and this device did not hear of it.
    stored.clear();

    await db.putMessage(message('c1', 'b', { parentId: 'a', createdAt: 2 }));
    const first = await pushOutbox(db);
    expect(first.unsendable).toBe(0);
    expect((await db.readOutbox()).map((e) => e.id).sort()).toEqual(['a', 'b']);
    await pushOutbox(db);
    expect(pushed(server).map((c) => (c.kind === 'message' ? c.message.id : c.kind))).toEqual([
      'chat',
      'a',
      'b',
      'a',
      'b',
    ]);
    expect([...stored.keys()]).toEqual(['a', 'b']);
    expect(await db.readOutbox()).toEqual([]);
  });

  it('on a page, sends the lost parent and then the message without waiting for another change', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    await db.putMessage(message('c1', 'a', { parentId: null, createdAt: 1 }));
    // Synced before (this device has synced: nothing is queued whole), and since lost by the
    // server.
    await db.clearOutbox(await db.readOutbox());
    await db.setMeta('cursor', 0);
    await db.putMessage(message('c1', 'b', { parentId: 'a', createdAt: 2 }));
    const { stored } = treeServer();
    const stop = startHistorySync(async () => {});
    await vi.waitFor(() => expect([...stored.keys()]).toEqual(['a', 'b']));
    await vi.waitFor(async () => expect(await db.readOutbox()).toEqual([]));
    expect(useHistorySyncStore.getState().error).toBeNull();
    stop();
  });

  it('gives up on a message whose parent this device no longer has, and syncs the rest', async () => {
    const db = await chatDb();
    const { stored } = treeServer();
    await db.putChat(chat('c1'));
    await db.putMessages([
      message('c1', 'b', { parentId: 'gone', createdAt: 2 }),
      message('c1', 'c', { parentId: 'b', createdAt: 3 }),
      message('c1', 'other', { parentId: null, createdAt: 4 }),
    ]);
    const outcome = await pushOutbox(db);
    expect(outcome.unsendable).toBe(2);
    expect([...stored.keys()]).toEqual(['other']);
    expect(await db.readOutbox()).toEqual([]);
  });

  it('sends a lost parent again only once, and then gives up on what follows it', async () => {
    const db = await chatDb();
    // A server that never takes `b`: its parent seems lost however often it is sent.
    const server = pushServer((change) =>
      change.kind === 'message' && change.message.id === 'b'
        ? { status: 'missing-parent', message: 'send that one first' }
        : undefined,
    );
    await db.putChat(chat('c1'));
    await db.putMessages([
      message('c1', 'a', { parentId: null, createdAt: 1 }),
      message('c1', 'b', { parentId: 'a', createdAt: 2 }),
    ]);
    await pushOutbox(db);
    await db.putMessage(message('c1', 'b', { parentId: 'a', createdAt: 2, memo: 'again' }));
    const outcomes = [];
    for (let run = 0; run < 4 && (await db.readOutbox()).length > 0; run += 1) {
      outcomes.push(await pushOutbox(db));
    }
    expect(outcomes.map((o) => o.unsendable)).toEqual([0, 1]);
    expect(await db.readOutbox()).toEqual([]);
    expect(pushed(server).filter((c) => c.kind === 'message' && c.message.id === 'a')).toHaveLength(
      2,
    );
  });
});

describe('pulling what changed elsewhere', () => {
  const pullServer = (chats: AiHistoryChange[], pages: AiHistoryChange[][], revision: number) => {
    let page = 0;
    return fakeServer({
      routes: {
        [chatsRoute]: () => ok({ settings: settings(revision), changes: chats }),
        [messagesRoute]: () => {
          const changes = pages[page++] ?? [];
          return ok({ changes, more: page < pages.length });
        },
      },
    });
  };

  it('lists the chats first, then brings the messages page by page up to the revision', async () => {
    const db = await chatDb();
    const shown: string[] = [];
    const reached: number[] = [];
    pullServer(
      [{ kind: 'chat', revision: 1, chat: chat('c1') }],
      [
        [{ kind: 'message', revision: 2, message: message('c1', 'm1') }],
        [{ kind: 'message', revision: 3, message: message('c1', 'm2', { createdAt: 11 }) }],
      ],
      3,
    );
    await pullHistory(db, 0, {
      applied: (remote) => {
        shown.push([...remote.chats.map((c) => c.id), ...remote.messages.map((m) => m.id)].join());
      },
      reached: (revision) => void reached.push(revision),
    });
    expect(shown).toEqual(['c1', 'm1', 'm2']);
    expect(reached.at(-1)).toBe(3);
    expect((await db.listMessages('c1')).map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(await db.readOutbox()).toEqual([]);
  });

  it('does not overwrite an edit made here and not yet sent, but a deletion wins over it', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1', 'edited here'));
    await db.putChat(chat('c2', 'edited here'));
    pullServer(
      [
        { kind: 'chat', revision: 4, chat: chat('c1', 'from elsewhere') },
        { kind: 'chat-deleted', revision: 5, id: 'c2' },
      ],
      [],
      5,
    );
    await pullHistory(db, 0, { applied: () => {}, reached: () => {} });
    expect((await db.getChat('c1'))?.summary).toBe('edited here');
    expect(await db.getChat('c2')).toBeUndefined();
    expect((await db.readOutbox()).map((e) => e.key)).toEqual(['chat:c1']);
  });
});

describe('the sync on a page', () => {
  afterEach(() => fakeSocket.disconnect());

  it("sends the history this device had before syncing, and pulls when another device changed the account's", async () => {
    const db = await chatDb();
    await db.putChat(chat('old'));
    // As if written before the sync existed: nothing in the outbox.
    await db.clearOutbox(await db.readOutbox());
    let revision = 0;
    let remoteChats: AiHistoryChange[] = [];
    const server = fakeServer({
      routes: {
        [chatsRoute]: () => ok({ settings: settings(revision), changes: remoteChats }),
        [messagesRoute]: () => ok({ changes: [], more: false }),
        [pushRoute]: (request) => {
          const { changes } = request.body as { changes: AiHistoryPushChange[] };
          return ok({
            results: changes.map(() => ({ status: 'applied', revision: ++revision })),
            revision,
          });
        },
      },
    });
    const stop = startHistorySync(async () => {});
    await vi.waitFor(() => expect(pushed(server)).toMatchObject([{ chat: { id: 'old' } }]));
    expect(useHistorySyncStore.getState().mode).toBe('synced');

    remoteChats = [{ kind: 'chat', revision: 9, chat: chat('new', 'from the phone') }];
    revision = 9;
    fakeSocket.receive('aiHistoryChanged', { revision: 9 });
    await vi.waitFor(async () => expect((await db.getChat('new'))?.summary).toBe('from the phone'));
    stop();
  });

  it('stops sending while the account keeps its AI chats on its devices only', async () => {
    const db = await chatDb();
    await db.putChat(chat('c1'));
    const server = fakeServer({
      routes: {
        [chatsRoute]: () => ok({ settings: settings(3, 'device'), changes: [] }),
        [messagesRoute]: () => ok({ changes: [], more: false }),
      },
    });
    const stop = startHistorySync(async () => {});
    await vi.waitFor(() => expect(useHistorySyncStore.getState().mode).toBe('device'));
    expect(server.calls(pushRoute)).toHaveLength(0);
    stop();
  });
});
