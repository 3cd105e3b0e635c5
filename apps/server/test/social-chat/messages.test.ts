import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths as paths, type SocialMessage } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { befriend, dataOf, friends, person, type Person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

type Page = { messages: SocialMessage[]; hasMore: boolean };

describe.each(databaseTargets)('social chat messages on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  describe('send', () => {
    it('stores a message and answers with it in the envelope', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const clientId = randomUUID();
      const response = await alice.api.send(chatId, { content: '  hello Bob  ', clientId });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ statusCode: number; data: { newMessage: SocialMessage } }>();
      expect(body.statusCode).toBe(200);
      expect(body.data.newMessage).toMatchObject({
        chatId,
        seq: 1,
        sender: alice.user.id,
        senderUsername: alice.user.username,
        content: 'hello Bob',
        contentType: 'text',
        attachment: null,
        clientId,
        editedAt: null,
        deleted: false,
        isRead: false,
      });
      const page = dataOf<Page>(await bob.api.page(chatId));
      expect(page.messages).toEqual([body.data.newMessage]);
    });

    it('answers a retried send with the original message and stores it once', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const clientId = randomUUID();
      const first = await alice.api.say(chatId, 'only once', clientId);
      const again = await alice.api.say(chatId, 'only once', clientId);
      expect(again).toEqual(first);
      const page = dataOf<Page>(await bob.api.page(chatId));
      expect(page.messages.map((m) => m.content)).toEqual(['only once']);
    });

    it('stores a send without a clientId under a client id of its own', async () => {
      const { alice, chatId } = await friends(t.app);
      const message = dataOf<{ newMessage: SocialMessage }>(
        await alice.api.send(chatId, { content: 'plain client' }),
      ).newMessage;
      expect(message.clientId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a clientId the sender already used in another chat', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const carol = await person(t.app);
      const withCarol = await befriend(alice, carol);
      const clientId = randomUUID();
      await alice.api.say(chatId, 'first', clientId);
      // Client ids are per sender: Bob may use the same one.
      expect((await bob.api.send(chatId, { content: 'x', clientId })).statusCode).toBe(200);
      const reused = await alice.api.send(withCarol.chatId, { content: 'y', clientId });
      expect(reused.statusCode).toBe(409);
      expect(reused.json<{ message: string }>().message).toBe(
        '发送消息失败：This clientId was already used for a message in another chat',
      );
      expect(dataOf<Page>(await carol.api.page(withCarol.chatId)).messages).toEqual([]);
    });
  });

  describe('history', () => {
    it('pages back 50 at a time, oldest first, until the start', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      for (let i = 1; i <= 120; i += 1) await (i % 2 ? alice : bob).api.say(chatId, `m${i}`);
      const latest = dataOf<Page>(await alice.api.page(chatId, '?limit=50'));
      expect(latest.messages.map((m) => m.seq)).toEqual(range(71, 120));
      expect(latest.hasMore).toBe(true);
      const before = latest.messages[0]!._id;
      const older = dataOf<Page>(await alice.api.page(chatId, `?limit=50&before=${before}`));
      expect(older.messages.map((m) => m.seq)).toEqual(range(21, 70));
      expect(older.hasMore).toBe(true);
      const oldest = dataOf<Page>(
        await alice.api.page(chatId, `?limit=50&before=${older.messages[0]!._id}`),
      );
      expect(oldest.messages.map((m) => m.content)).toEqual(range(1, 20).map((i) => `m${i}`));
      expect(oldest.hasMore).toBe(false);
      const defaults = dataOf<Page>(await alice.api.page(chatId));
      expect(defaults.messages).toHaveLength(50);
    });

    it('catches up after a sequence number', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      for (const text of ['a', 'b', 'c', 'd']) await alice.api.say(chatId, text);
      const page = dataOf<Page>(await bob.api.page(chatId, '?afterSeq=2&limit=1'));
      expect(page.messages.map((m) => m.content)).toEqual(['c']);
      expect(page.hasMore).toBe(true);
    });

    it('gives the latest messages of several chats keyed by chat id', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const carol = await person(t.app);
      const withCarol = await befriend(alice, carol);
      for (const text of ['1', '2', '3']) await bob.api.say(chatId, text);
      await carol.api.say(withCarol.chatId, 'elsewhere');
      type Batch = { messagesMap: Record<string, SocialMessage[]> };
      const reply = await alice.api.call('POST', paths.batchMessages, {
        chatIds: [chatId, withCarol.chatId],
        limit: 2,
      });
      const contents = (map: Record<string, SocialMessage[]>) =>
        Object.fromEntries(
          Object.entries(map).map(([id, list]) => [id, list.map((m) => m.content)]),
        );
      expect(contents(dataOf<Batch>(reply).messagesMap)).toEqual({
        [chatId]: ['2', '3'],
        [withCarol.chatId]: ['elsewhere'],
      });
      const [, two] = dataOf<Page>(await alice.api.page(chatId)).messages;
      const before = await alice.api.call('POST', paths.batchMessages, {
        chatIds: [chatId],
        limit: 50,
        messageId: two!._id,
      });
      expect(contents(dataOf<Batch>(before).messagesMap)).toEqual({ [chatId]: ['1'] });
    });
  });

  describe('edit and delete', () => {
    it('lets the sender edit a message, marked as edited for both', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const message = await alice.api.say(chatId, 'helo');
      const response = await alice.api.call('PUT', paths.message(chatId, message._id), {
        content: 'hello',
      });
      const edited = dataOf<{ message: SocialMessage }>(response).message;
      expect(edited).toMatchObject({ _id: message._id, seq: 1, content: 'hello' });
      expect(edited.editedAt).not.toBeNull();
      const [seen] = dataOf<Page>(await bob.api.page(chatId)).messages;
      expect(seen).toMatchObject({ content: 'hello', editedAt: edited.editedAt });
    });

    it('lets the sender delete a message: it keeps its place without its content', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      await alice.api.say(chatId, 'keep');
      const gone = await alice.api.say(chatId, 'secret');
      await alice.api.say(chatId, 'after');
      const response = await alice.api.call('DELETE', paths.message(chatId, gone._id));
      expect(dataOf<{ message: SocialMessage }>(response).message).toMatchObject({
        deleted: true,
        content: '',
      });
      const seen = dataOf<Page>(await bob.api.page(chatId)).messages;
      expect(seen.map((m) => [m.seq, m.content, m.deleted])).toEqual([
        [1, 'keep', false],
        [2, '', true],
        [3, 'after', false],
      ]);
      const editDeleted = await alice.api.call('PUT', paths.message(chatId, gone._id), {
        content: 'back',
      });
      expect(editDeleted.statusCode).toBe(409);
    });
  });

  describe('read marks and unread counts', () => {
    it('counts unread messages for the receiver and clears them on read', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const sent = [];
      for (const text of ['1', '2', '3']) sent.push(await alice.api.say(chatId, text));
      expect(await unreadOf(bob, chatId)).toBe(3);
      expect(await unreadOf(alice, chatId)).toBe(0);
      const read = await bob.api.call('POST', paths.read(chatId), { messageId: sent[1]!._id });
      expect(dataOf(read)).toEqual({ chatId, unread: 1, lastReadSeq: 2 });
      const forAlice = dataOf<Page>(await alice.api.page(chatId)).messages;
      expect(forAlice.map((m) => m.isRead)).toEqual([true, true, false]);
      const forBob = dataOf<Page>(await bob.api.page(chatId)).messages;
      expect(forBob.map((m) => m.isRead)).toEqual([true, true, false]);
      const all = await bob.api.call('POST', paths.readAll(chatId));
      expect(dataOf(all)).toEqual({ chatId, unread: 0, lastReadSeq: 3 });
      expect(await unreadOf(bob, chatId)).toBe(0);
    });

    it('never moves a read mark back', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const first = await alice.api.say(chatId, '1');
      await alice.api.say(chatId, '2');
      await bob.api.call('POST', paths.readAll(chatId));
      const older = await bob.api.call('POST', paths.read(chatId), { messageId: first._id });
      expect(dataOf(older)).toEqual({ chatId, unread: 0, lastReadSeq: 2 });
    });

    it('takes back an unread message its sender deleted', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      await alice.api.say(chatId, '1');
      const oops = await alice.api.say(chatId, 'oops');
      await alice.api.call('DELETE', paths.message(chatId, oops._id));
      expect(await unreadOf(bob, chatId)).toBe(1);
    });
  });

  describe('search', () => {
    it('finds messages by case-insensitive substring, newest first; empty finds all', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      for (const text of ['Lunch at noon?', 'no', 'LUNCH is ready', '100% sure_thing'])
        await alice.api.say(chatId, text);
      const search = async (q: string) =>
        dataOf<{ messages: SocialMessage[] }>(
          await bob.api.call('GET', `${paths.search(chatId)}?q=${encodeURIComponent(q)}`),
        ).messages.map((m) => m.content);
      expect(await search('lunch')).toEqual(['LUNCH is ready', 'Lunch at noon?']);
      expect(await search('%')).toEqual(['100% sure_thing']);
      expect(await search('_')).toEqual(['100% sure_thing']);
      expect(await search('dinner')).toEqual([]);
      expect(await search('')).toHaveLength(4);
    });
  });

  describe('/api/chat calls', () => {
    it('send, mark as read, mark all as read, batch and delete with its own shapes', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const sent = await alice.api.call('POST', '/chat/sendMessage', {
        chatId,
        content: 'from the app',
        contentType: 'text',
        type: 'text',
      });
      const data = dataOf<{ success: true; messageId: string; timestamp: string }>(sent);
      expect(data).toMatchObject({ success: true, message: { content: 'from the app' } });
      await alice.api.say(chatId, 'second');
      const marked = await bob.api.call('POST', '/chat/markAsRead', {
        chatId,
        messageId: data.messageId,
      });
      expect(dataOf(marked)).toEqual({ success: true, unread: 1 });
      expect(dataOf(await bob.api.call('POST', '/chat/markAllAsRead', { chatId }))).toEqual({
        success: true,
        unread: 0,
      });
      const batch = await bob.api.call('POST', '/chat/batchMessages', { chatIds: [chatId] });
      expect(dataOf<Record<string, SocialMessage[]>>(batch)[chatId]!.map((m) => m.content)).toEqual(
        ['from the app', 'second'],
      );
      const deleted = await alice.api.call('DELETE', '/chat/deleteMessage', {
        chatId,
        messageId: data.messageId,
      });
      expect(dataOf(deleted)).toEqual({ success: true });
      const [first] = dataOf<Page>(await bob.api.page(chatId)).messages;
      expect(first).toMatchObject({ deleted: true, content: '' });
    });
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

async function unreadOf(who: Person, chatId: string): Promise<number | undefined> {
  return (await who.api.chat(chatId))?.unread;
}
