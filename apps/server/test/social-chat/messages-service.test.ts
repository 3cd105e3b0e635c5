import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@confab/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { friends, person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The service the socket handlers build on: send (exactly once, in order) and catch-up.
describe.each(databaseTargets)('messages service on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const send = (user: SessionUser, chatId: string, content: string, clientId = randomUUID()) =>
    t.app.services.messages.send(user, { chatId, content, contentType: 'text', clientId });

  it('numbers the messages of a chat 1, 2, 3 in the order they were stored', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const first = await send(alice.user, chatId, 'one');
    const second = await send(bob.user, chatId, 'two');
    const third = await send(alice.user, chatId, 'three');
    expect([first.seq, second.seq, third.seq]).toEqual([1, 2, 3]);
    expect(second).toMatchObject({
      sender: bob.user.id,
      senderUsername: bob.user.username,
      content: 'two',
      isRead: false,
      deleted: false,
    });
  });

  it('stores a retried send once and answers with the original message', async () => {
    const { alice, chatId } = await friends(t.app);
    const clientId = randomUUID();
    const original = await send(alice.user, chatId, 'hello', clientId);
    const retry = await send(alice.user, chatId, 'hello', clientId);
    expect(retry).toEqual(original);
    const rows = await t.app.database.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('stores concurrent retries of one send once, and keeps concurrent sends gap-free', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const clientId = randomUUID();
    const retries = await Promise.all(
      Array.from({ length: 6 }, () => send(alice.user, chatId, 'once', clientId)),
    );
    expect(new Set(retries.map((m) => m._id)).size).toBe(1);
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? alice.user : bob.user, chatId, `m${i}`)),
    );
    const seqs = [retries[0]!.seq, ...many.map((m) => m.seq)].sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });

  it('catches a user up on their own chats only, oldest first, from each cursor', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const other = await friends(t.app);
    for (const text of ['a', 'b', 'c']) await send(alice.user, chatId, text);
    await send(other.alice.user, other.chatId, 'not yours');
    const reply = await t.app.services.messages.since(
      bob.user.id,
      [
        { chatId, afterSeq: 1 },
        { chatId: other.chatId, afterSeq: 0 },
      ],
      50,
    );
    expect(Object.keys(reply.messagesMap)).toEqual([chatId]);
    expect(reply.messagesMap[chatId]!.map((m) => m.content)).toEqual(['b', 'c']);
    expect(reply.hasMore).toBe(false);
    const limited = await t.app.services.messages.since(bob.user.id, [{ chatId, afterSeq: 0 }], 2);
    expect(limited.messagesMap[chatId]!.map((m) => m.seq)).toEqual([1, 2]);
    expect(limited.hasMore).toBe(true);
  });

  it('tells who takes part in a chat', async () => {
    const { alice, chatId } = await friends(t.app);
    const stranger = await person(t.app);
    expect(await t.app.services.chats.isParticipant(alice.user.id, chatId)).toBe(true);
    expect(await t.app.services.chats.isParticipant(stranger.user.id, chatId)).toBe(false);
    expect(await t.app.services.chats.chatIdsOf(alice.user.id)).toEqual([chatId]);
    await expect(send(stranger.user, chatId, 'let me in')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses a send between a blocked pair', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    await bob.contacts.action('block', contactId);
    await expect(send(alice.user, chatId, 'hi')).rejects.toMatchObject({ statusCode: 403 });
    await expect(send(bob.user, chatId, 'hi')).rejects.toMatchObject({ statusCode: 403 });
  });
});
