import 'fake-indexeddb/auto';
import type { SocialMessage } from '@confab/protocol/social-chat';
import { describe, expect, it, beforeEach } from 'vitest';
import { createOutbox } from '@/features/social-chat/lib/outbox';
import type {
  DeliveryOutcome,
  OutboxEntry,
  OutboxPersistence,
  OutboxTransport,
} from '@/features/social-chat/lib/outbox-entry';
import { indexedDbPersistence } from '@/features/social-chat/lib/outbox-persistence';
import { declareAccount } from '@/lib/account-storage/account-storage';

// Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
beforeEach(() => void declareAccount('u-1'));

function memoryPersistence(initial: OutboxEntry[] = []): OutboxPersistence & {
  stored: Map<string, OutboxEntry>;
} {
  const stored = new Map(initial.map((e) => [e.clientId, e]));
  return {
    stored,
    load: () => Promise.resolve([...stored.values()]),
    put: (entry) => {
      stored.set(entry.clientId, entry);
      return Promise.resolve();
    },
    remove: (clientId) => {
      stored.delete(clientId);
      return Promise.resolve();
    },
  };
}

const stored = (entry: OutboxEntry, seq: number): SocialMessage => ({
  _id: `m-${entry.clientId}`,
  chatId: entry.chatId,
  seq,
  sender: entry.userId,
  senderUsername: 'alice',
  content: entry.content,
  contentType: entry.contentType,
  attachment: entry.attachment,
  clientId: entry.clientId,
  timestamp: new Date(1_700_000_000_000 + seq).toISOString(),
  editedAt: null,
  deleted: false,
  isRead: false,
});

/** A server that stores each client id once, like the real one, reachable or not. */
function fakeServer() {
  const messages = new Map<string, SocialMessage>();
  const sends: string[] = [];
  let connected = false;
  let refuse: string | null = null;
  const transport: OutboxTransport = {
    isConnected: () => connected,
    send: (entry): Promise<DeliveryOutcome> => {
      if (!connected) return Promise.resolve({ ok: false, retry: true, error: 'offline' });
      sends.push(entry.clientId);
      if (refuse) return Promise.resolve({ ok: false, retry: false, error: refuse });
      const message = messages.get(entry.clientId) ?? stored(entry, messages.size + 1);
      messages.set(entry.clientId, message);
      return Promise.resolve({ ok: true, message });
    },
    upload: () => Promise.resolve({ ok: false, retry: false, error: 'no uploads here' }),
  };
  return {
    transport,
    messages,
    sends,
    connect: () => (connected = true),
    disconnect: () => (connected = false),
    refuseWith: (error: string | null) => (refuse = error),
  };
}

const draft = (content: string, userId = 'alice') => ({
  userId,
  chatId: 'chat-1',
  content,
  contentType: 'text' as const,
});

describe('the outbox', () => {
  it('keeps messages sent offline as sending and delivers each once when connected', async () => {
    const server = fakeServer();
    let clock = 0;
    const outbox = createOutbox({
      transport: server.transport,
      persistence: memoryPersistence(),
      now: () => (clock += 1),
    });
    const delivered: SocialMessage[] = [];
    outbox.onDelivered((m) => delivered.push(m));

    await outbox.add(draft('first'));
    await outbox.add(draft('second'));
    await outbox.flush('alice');
    expect(outbox.entries().map((e) => [e.content, e.status])).toEqual([
      ['first', 'sending'],
      ['second', 'sending'],
    ]);
    expect(server.sends).toEqual([]);

    server.connect();
    // Two flushes at once (a reconnection and a new message) still send each entry once.
    await Promise.all([outbox.flush('alice'), outbox.flush('alice')]);
    expect(outbox.entries()).toEqual([]);
    expect(delivered.map((m) => [m.content, m.seq])).toEqual([
      ['first', 1],
      ['second', 2],
    ]);
    expect(new Set(server.sends).size).toBe(server.sends.length);
    expect(server.messages.size).toBe(2);
  });

  it('hands the stored message on before the entry leaves, so it is never out of view', async () => {
    const server = fakeServer();
    server.connect();
    const persistence = memoryPersistence();
    let removing = false;
    const outbox = createOutbox({
      transport: server.transport,
      persistence: {
        ...persistence,
        remove: (clientId) => {
          removing = true;
          return persistence.remove(clientId);
        },
      },
    });
    const seen: [string, string[], boolean][] = [];
    outbox.onDelivered((m) =>
      seen.push([m.content, outbox.entries().map((e) => e.content), removing]),
    );
    await outbox.add(draft('hello'));
    await outbox.flush('alice');
    // When the message was handed on, its entry was still held and not yet being deleted.
    expect(seen).toEqual([['hello', ['hello'], false]]);
    expect(outbox.entries()).toEqual([]);
    expect(persistence.stored.size).toBe(0);
  });

  it('marks a refused message as an error; only that one is retried, with the same client id', async () => {
    const server = fakeServer();
    server.connect();
    server.refuseWith('发送消息失败: blocked');
    const outbox = createOutbox({ transport: server.transport, persistence: memoryPersistence() });
    const entry = await outbox.add(draft('hello'));
    await outbox.flush('alice');
    expect(outbox.entries()).toMatchObject([{ status: 'error', error: '发送消息失败: blocked' }]);

    // A flush does not resend an error; a retry of a message that is not in error does nothing.
    await outbox.flush('alice');
    expect(server.sends).toEqual([entry.clientId]);

    server.refuseWith(null);
    await outbox.retry(entry.clientId);
    await outbox.flush('alice');
    expect(outbox.entries()).toEqual([]);
    expect(server.sends).toEqual([entry.clientId, entry.clientId]);
    expect([...server.messages.values()].map((m) => m.content)).toEqual(['hello']);
  });

  it('never sends another account’s entries, and settles an entry whose copy arrived elsewhere', async () => {
    const server = fakeServer();
    server.connect();
    const outbox = createOutbox({ transport: server.transport, persistence: memoryPersistence() });
    const bobs = await outbox.add(draft('from bob', 'bob'));
    await outbox.flush('alice');
    expect(server.sends).toEqual([]);

    // Someone else's message with the same client id does not settle Bob's entry.
    outbox.settle({ ...stored(bobs, 1), sender: 'mallory' });
    expect(outbox.entries()).toHaveLength(1);
    outbox.settle(stored(bobs, 1));
    expect(outbox.entries()).toEqual([]);
  });

  it('survives a reload: entries written to IndexedDB are read back by a new outbox', async () => {
    const server = fakeServer();
    const first = createOutbox({
      transport: server.transport,
      persistence: indexedDbPersistence(),
    });
    const entry = await first.add(draft('typed offline'));

    const reloaded = createOutbox({
      transport: server.transport,
      persistence: indexedDbPersistence(),
    });
    await reloaded.ready;
    expect(reloaded.entries()).toMatchObject([
      { clientId: entry.clientId, content: 'typed offline', status: 'sending' },
    ]);

    server.connect();
    await reloaded.flush('alice');
    expect(reloaded.entries()).toEqual([]);
    const again = createOutbox({
      transport: server.transport,
      persistence: indexedDbPersistence(),
    });
    await again.ready;
    expect(again.entries()).toEqual([]);
    expect(server.sends).toEqual([entry.clientId]);
  });

  it('drops a connection mid-way: the rest waits, nothing is lost or doubled', async () => {
    const server = fakeServer();
    server.connect();
    const persistence = memoryPersistence();
    const outbox = createOutbox({ transport: server.transport, persistence });
    const original = server.transport.send;
    let calls = 0;
    server.transport.send = (entry) => {
      calls += 1;
      if (calls === 2) server.disconnect();
      return original(entry);
    };
    await outbox.add(draft('one'));
    await outbox.add(draft('two'));
    await outbox.add(draft('three'));
    await outbox.flush('alice');
    expect(outbox.entries().map((e) => e.content)).toEqual(['two', 'three']);
    expect([...persistence.stored.values()].map((e) => e.content).sort()).toEqual(['three', 'two']);
    server.connect();
    await outbox.flush('alice');
    expect([...server.messages.values()].map((m) => m.content)).toEqual(['one', 'two', 'three']);
  });
});
