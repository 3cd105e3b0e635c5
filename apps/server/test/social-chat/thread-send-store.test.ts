import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/errors';
import { ChatRepository } from '../../src/repositories/chat.repository';
import type { SendStore } from '../../src/db/write-pipeline/send-store';
import { threadSendStore } from '../../src/db/write-pipeline/thread-send-store';
import { eventually } from '../helpers/mcp';
import { friends, newSendRow } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

// On SQLite, sends are stored by a thread with its own connection to the database file.
describe('sends stored by a thread of their own (SQLite)', () => {
  let t: TestApp;
  const stores: SendStore[] = [];
  beforeAll(async () => {
    t = await startTestApp({ engine: 'sqlite' });
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await t.close();
  });

  const storeOn = (file: string, failures: unknown[] = []) => {
    const sqlite = t.app.database.sqlite!;
    const store = threadSendStore({ ...t.app.database, file, sqlite }, (error) =>
      failures.push(error),
    );
    stores.push(store);
    return store;
  };
  const storedIn = async (chatId: string) =>
    (
      await t.app.database.db
        .selectFrom('messages')
        .select(['seq', 'content', 'sender_id'])
        .where('chat_id', '=', chatId)
        .orderBy('seq')
        .execute()
    ).map((row) => `${row.seq}:${row.content}`);

  it('numbers a group of sends without a gap and counts them unread for the receiver', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, bob, chatId } = await friends(t.app);
    const results = await Promise.all(
      ['one', 'two', 'three'].map((content) =>
        store.store(newSendRow(chatId, alice.user.id, content)),
      ),
    );
    expect(results.map((r) => r?.seq)).toEqual([1, 2, 3]);
    // Each answer holds the receiver's count as that send left it; the sender is not counted.
    expect(results.map((r) => [...r!.unread])).toEqual([
      [[bob.user.id, 1]],
      [[bob.user.id, 2]],
      [[bob.user.id, 3]],
    ]);
    expect(await storedIn(chatId)).toEqual(['1:one', '2:two', '3:three']);
    expect((await bob.api.chat(chatId))?.unread).toBe(3);
    expect((await alice.api.chat(chatId))?.unread).toBe(0);
  });

  it('reads a chat as its sender sees it, as the app would, and sees what was just stored', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, bob, chatId } = await friends(t.app);
    const outsider = (await friends(t.app)).alice;
    const clientId = randomUUID();
    const chats = new ChatRepository(t.app.database.db);
    const [asAlice, asOutsider, beforeSend] = await Promise.all([
      store.sendAccess(chatId, alice.user.id, undefined),
      store.sendAccess(chatId, outsider.user.id, undefined),
      store.sendAccess(chatId, bob.user.id, clientId),
    ]);
    expect(asAlice).toEqual(await chats.sendAccess(chatId, alice.user.id, undefined));
    expect(asAlice).toMatchObject({
      chat: { id: chatId },
      me: { user_id: alice.user.id, blocked: 0 },
      others: [{ user_id: bob.user.id, last_read_seq: 0, blocked: 0 }],
      clientIdUsed: false,
    });
    expect(asOutsider).toBeUndefined();
    expect(beforeSend?.clientIdUsed).toBe(false);
    await store.store(newSendRow(chatId, bob.user.id, 'hello', clientId));
    expect((await store.sendAccess(chatId, bob.user.id, clientId))?.clientIdUsed).toBe(true);
  });

  it('answers a send to a chat that does not exist with nothing, and stores nothing', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, chatId } = await friends(t.app);
    const missing = randomUUID();
    const [lost, kept] = await Promise.all([
      store.store(newSendRow(missing, alice.user.id, 'nowhere')),
      store.store(newSendRow(chatId, alice.user.id, 'here')),
    ]);
    expect(lost).toBeUndefined();
    expect(kept?.seq).toBe(1);
    expect(await storedIn(missing)).toEqual([]);
    expect(await storedIn(chatId)).toEqual(['1:here']);
  });

  it('refuses a used clientId alone and stores the rest of its group, without a gap', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, chatId } = await friends(t.app);
    const clientId = randomUUID();
    const settled = await Promise.allSettled([
      store.store(newSendRow(chatId, alice.user.id, 'a')),
      store.store(newSendRow(chatId, alice.user.id, 'first', clientId)),
      store.store(newSendRow(chatId, alice.user.id, 'again', clientId)),
      store.store(newSendRow(chatId, alice.user.id, 'b')),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const refused = settled[2] as PromiseRejectedResult;
    expect(isUniqueViolation(refused.reason)).toBe(true);
    expect(await storedIn(chatId)).toEqual(['1:a', '2:first', '3:b']);
  });

  it('has committed every send it took when close resolves', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, chatId } = await friends(t.app);
    const send = (i: number) => store.store(newSendRow(chatId, alice.user.id, `m${i}`));
    const sends = Array.from({ length: 50 }, (_, i) => send(i));
    // The first group is with the thread by now; the next waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    sends.push(...Array.from({ length: 50 }, (_, i) => send(50 + i)));
    await store.close();
    expect((await Promise.all(sends)).map((r) => r?.seq)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(await storedIn(chatId)).toHaveLength(100);
    // Once the thread is stopped, the database (still open) is read and written from here.
    expect((await store.store(newSendRow(chatId, alice.user.id, 'after')))?.seq).toBe(101);
    expect((await store.sendAccess(chatId, alice.user.id, undefined))?.me.user_id).toBe(
      alice.user.id,
    );
  });

  it('lets the app use its connection between runs of groups under a long stream of sends', async () => {
    const store = storeOn(t.app.database.file!);
    const { alice, chatId } = await friends(t.app);
    const answered: number[] = [];
    // 2,000 sends make 8 groups of 256, stored a few to one hold of the app's connection.
    const sends = Array.from({ length: 2000 }, (_, i) =>
      store.store(newSendRow(chatId, alice.user.id, `m${i}`)).then((stored) => {
        answered.push(stored!.seq);
        return stored;
      }),
    );
    await sends[0];
    // The thread holds the app's connection now; the app's own transaction waits its turn.
    const ranAfter = await t.app.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('chats')
        .set({ updated_at: Date.now() })
        .where('id', '=', chatId)
        .execute();
      return answered.length;
    });
    await Promise.all(sends);
    expect(answered).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    // It ran while sends were still waiting, not once the whole stream was stored.
    expect(ranAfter).toBeGreaterThanOrEqual(256);
    expect(ranAfter).toBeLessThan(2000);
    expect(await storedIn(chatId)).toHaveLength(2000);
  });

  it('stores on the event loop when the thread cannot work, and says so once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'confab-send-thread-'));
    try {
      const failures: unknown[] = [];
      // A file in a folder that does not exist: the thread cannot open it.
      const store = storeOn(join(dir, 'missing', 'confab.db'), failures);
      const { alice, chatId } = await friends(t.app);
      await eventually(async () => failures.length > 0, 20);
      const first = await store.store(newSendRow(chatId, alice.user.id, 'first'));
      const second = await store.store(newSendRow(chatId, alice.user.id, 'second'));
      expect([first?.seq, second?.seq]).toEqual([1, 2]);
      expect(await storedIn(chatId)).toEqual(['1:first', '2:second']);
      expect((await store.sendAccess(chatId, alice.user.id, undefined))?.me.user_id).toBe(
        alice.user.id,
      );
      expect(failures).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
