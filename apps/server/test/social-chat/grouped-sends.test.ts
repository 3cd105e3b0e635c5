import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import { ChatRepository } from '../../src/repositories/chat.repository';
import { groupedTransactor } from '../../src/db/write-pipeline/grouped-transaction';
import { MessageRepository } from '../../src/repositories/message.repository';
import { groupedSendStore } from '../../src/db/write-pipeline/send-store';
import { databaseTargets } from '../helpers/database-targets';
import { befriend, friends, newSendRow, person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

const store = (db: Kysely<Database>) => ({
  messages: new MessageRepository(db),
  chats: new ChatRepository(db),
});

// Sends share commits: those arriving while one is being stored are stored together.
describe.each(databaseTargets)('grouped sends on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const storedSeqs = async (chatId: string) =>
    (
      await t.app.database.db
        .selectFrom('messages')
        .select(['seq', 'content'])
        .where('chat_id', '=', chatId)
        .orderBy('seq')
        .execute()
    ).map((row) => `${row.seq}:${row.content}`);

  it('gives each of two users sending at once their own message, numbered without a gap', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const sends = Array.from({ length: 30 }, (_, i) => {
      const user = i % 2 === 0 ? alice.user : bob.user;
      const clientId = randomUUID();
      const content = `${user.username} ${i}`;
      return { user, clientId, content };
    });
    const replies = await Promise.all(
      sends.map(({ user, clientId, content }) =>
        t.app.services.messages.send(user, { chatId, content, contentType: 'text', clientId }),
      ),
    );
    replies.forEach((reply, i) => {
      expect(reply).toMatchObject({
        chatId,
        sender: sends[i]!.user.id,
        content: sends[i]!.content,
        clientId: sends[i]!.clientId,
      });
    });
    expect(replies.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const stored = await storedSeqs(chatId);
    expect(stored).toHaveLength(30);
    for (const reply of replies) expect(stored).toContain(`${reply.seq}:${reply.content}`);
    // Every one of alice's 15 messages counts as unread for bob, and the other way round.
    expect((await bob.api.chat(chatId))?.unread).toBe(15);
    expect((await alice.api.chat(chatId))?.unread).toBe(15);
  });

  it('rolls back a failing send of a group alone and answers the others after the commit', async () => {
    const { alice, chatId } = await friends(t.app);
    const transact = groupedTransactor(t.app.database.db, store);
    const events: string[] = [];
    const storeOne = (label: string, fail = false) =>
      transact(chatId, async ({ messages }) => {
        const seq = await messages.nextSeq(chatId, Date.now());
        await messages.insert({ ...newSendRow(chatId, alice.user.id, label), seq: seq! });
        events.push(`stored ${label}`);
        if (fail) throw new Error(`${label} refused`);
        return seq;
      });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first send holds its commit open, so the next four queue up and form one group.
    const first = transact(chatId, async (repositories) => {
      const seq = await repositories.messages.nextSeq(chatId, Date.now());
      await held;
      return seq;
    });
    const group = [storeOne('a'), storeOne('b'), storeOne('broken', true), storeOne('c')].map(
      (promise, i) =>
        promise.then(
          (seq) => {
            events.push(`answered ${i}`);
            return seq;
          },
          (error: Error) => {
            events.push(`answered ${i}`);
            throw error;
          },
        ),
    );
    release();
    expect(await first).toBe(1);
    const settled = await Promise.allSettled(group);
    expect(
      settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message)),
    ).toEqual([2, 3, 'broken refused', 4]);
    // Nobody was answered before every send of the group had run (and the group committed).
    // The failure made the group run again, each send on its own savepoint.
    const firstAnswer = events.findIndex((event) => event.startsWith('answered'));
    expect(events.slice(0, firstAnswer)).toEqual([
      ...['stored a', 'stored b', 'stored broken'],
      ...['stored a', 'stored b', 'stored broken', 'stored c'],
    ]);
    expect(await storedSeqs(chatId)).toEqual(['2:a', '3:b', '4:c']);
    const chat = await t.app.database.db
      .selectFrom('chats')
      .select('last_seq')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat.last_seq).toBe(4);
  });

  it('refuses a clientId raced into another chat and stores the sends around it', async () => {
    const first = await friends(t.app);
    const { alice } = first;
    const second = await befriend(alice, await person(t.app));
    const shared = randomUUID();
    const send = (chatId: string, content: string, clientId = randomUUID()) =>
      t.app.services.messages.send(alice.user, { chatId, content, contentType: 'text', clientId });
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, (_, i) => send(first.chatId, `before ${i}`)),
      send(first.chatId, 'here', shared),
      send(second.chatId, 'there', shared),
      ...Array.from({ length: 8 }, (_, i) => send(first.chatId, `after ${i}`)),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({
      statusCode: 409,
      message: 'This clientId was already used for a message in another chat',
    });
    // One of the two chats got the shared clientId; neither has a gap.
    const inFirst = await storedSeqs(first.chatId);
    const inSecond = await storedSeqs(second.chatId);
    expect(inFirst.length + inSecond.length).toBe(17);
    expect(inFirst.map((s) => Number(s.split(':')[0]))).toEqual(
      Array.from({ length: inFirst.length }, (_, i) => i + 1),
    );
    expect(inSecond.map((s) => Number(s.split(':')[0]))).toEqual(
      Array.from({ length: inSecond.length }, (_, i) => i + 1),
    );
  });

  it('stores sends arriving together with their own seq and the unread counts as of each', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const carol = await person(t.app);
    const other = await befriend(alice, carol);
    const sends = groupedSendStore(t.app.database.db, t.app.database.reads);
    const rows = [
      newSendRow(chatId, alice.user.id, 'a1'),
      newSendRow(chatId, bob.user.id, 'b1'),
      newSendRow(other.chatId, alice.user.id, 'elsewhere'),
      newSendRow(chatId, alice.user.id, 'a2'),
      newSendRow(chatId, alice.user.id, 'a3'),
      newSendRow(randomUUID(), alice.user.id, 'no such chat'),
    ];
    const stored = await Promise.all(rows.map((row) => sends.store(row)));
    const unreadOf = (index: number) => Object.fromEntries(stored[index]!.unread);
    expect(stored.map((result) => result?.seq)).toEqual([1, 2, 1, 3, 4, undefined]);
    expect(unreadOf(0)).toEqual({ [bob.user.id]: 1 });
    expect(unreadOf(1)).toEqual({ [alice.user.id]: 1 });
    expect(unreadOf(2)).toEqual({ [carol.user.id]: 1 });
    expect(unreadOf(3)).toEqual({ [bob.user.id]: 2 });
    expect(unreadOf(4)).toEqual({ [bob.user.id]: 3 });
    expect(await storedSeqs(chatId)).toEqual(['1:a1', '2:b1', '3:a2', '4:a3']);
    expect((await bob.api.chat(chatId))?.unread).toBe(3);
    expect((await alice.api.chat(chatId))?.unread).toBe(1);
  });

  it('reads the chat for each of many sends arriving together as a read of its own would', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const carol = await person(t.app);
    const blocked = await befriend(carol, bob);
    await carol.contacts.action('block', blocked.contactId);
    const usedClientId = randomUUID();
    await alice.api.say(chatId, 'first', usedClientId);
    const reads = [
      { chatId, userId: alice.user.id, clientId: undefined },
      { chatId, userId: bob.user.id, clientId: randomUUID() },
      { chatId, userId: alice.user.id, clientId: usedClientId },
      // Not a participant, no such chat, a blocked pair from each side.
      { chatId, userId: carol.user.id, clientId: undefined },
      { chatId: randomUUID(), userId: alice.user.id, clientId: undefined },
      { chatId: blocked.chatId, userId: carol.user.id, clientId: undefined },
      { chatId: blocked.chatId, userId: bob.user.id, clientId: usedClientId },
    ];
    const sends = groupedSendStore(t.app.database.db, t.app.database.reads);
    const together = await Promise.all(
      reads.map((read) => sends.sendAccess(read.chatId, read.userId, read.clientId)),
    );
    const chats = new ChatRepository(t.app.database.reads);
    const alone = [];
    for (const read of reads)
      alone.push(await chats.sendAccess(read.chatId, read.userId, read.clientId));
    expect(together).toEqual(alone);
    expect(together.map((access) => access?.clientIdUsed)).toEqual([
      false,
      false,
      true,
      undefined,
      undefined,
      false,
      false,
    ]);
    // Carol blocked Bob: both of them read the pair as blocked.
    expect(together.slice(5).map((access) => access?.chat.contact_status)).toEqual([
      'blocked',
      'blocked',
    ]);
  });
});
