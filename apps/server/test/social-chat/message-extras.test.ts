import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import {
  socialChatApiPaths as paths,
  type ReactionsChange,
  type SocialMessage,
  type SyncReply,
} from '@confab/protocol/social-chat';
import { contactFrom } from '../helpers/contacts';
import { databaseTargets } from '../helpers/database-targets';
import {
  befriend,
  chatContent,
  dataOf,
  friends,
  person,
  type Person,
} from '../helpers/social-chat';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Replies, reactions, forwards and deleting for oneself (docs/product.md#message-extras). */
describe.each(databaseTargets)('message extras on $engine', (target) => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(target);
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function tab(who: Person) {
    const socket = await connect(url, { cookie: who.cookie });
    open.push(socket);
    return socket;
  }

  function emit<T>(socket: ClientSocket, event: string, payload: unknown) {
    const untyped = socket.timeout(5_000) as unknown as {
      emitWithAck: (e: string, p: unknown) => Promise<SocketAckReply<T>>;
    };
    return untyped.emitWithAck(event, payload);
  }

  const react = (who: Person, chatId: string, messageId: string, emoji: unknown, value = true) =>
    who.api.call('POST', paths.reactions(chatId, messageId), { emoji, value });

  async function page(who: Person, chatId: string) {
    return dataOf<{ messages: SocialMessage[] }>(await who.api.page(chatId)).messages;
  }

  describe('replies', () => {
    it('a reply carries the quoted message, over REST and the socket, and shows a deletion of the original', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const original = await bob.api.say(chatId, 'shall we meet at noon?');
      const reply = dataOf<{ newMessage: SocialMessage }>(
        await alice.api.send(chatId, { content: 'yes', replyToId: original._id }),
      ).newMessage;
      expect(reply.replyTo).toEqual({
        messageId: original._id,
        seq: original.seq,
        senderUsername: bob.user.username,
        excerpt: 'shall we meet at noon?',
        contentType: 'text',
        deleted: false,
      });
      const bobTab = await tab(bob);
      const clientId = randomUUID();
      const viaSocket = await emit<{ message: SocialMessage }>(bobTab, 'sendMessage', {
        chatId,
        content: 'great',
        contentType: 'text',
        clientId,
        replyToId: reply._id,
      });
      expect(viaSocket).toMatchObject({
        ok: true,
        data: { message: { replyTo: { messageId: reply._id, excerpt: 'yes' } } },
      });
      // The same clientId again stores nothing new (the outbox's retry).
      const again = await emit<{ message: SocialMessage }>(bobTab, 'sendMessage', {
        chatId,
        content: 'great',
        contentType: 'text',
        clientId,
        replyToId: reply._id,
      });
      expect(again.ok && again.data.message._id).toBe(viaSocket.ok && viaSocket.data.message._id);

      expect((await bob.api.call('DELETE', paths.message(chatId, original._id))).statusCode).toBe(
        200,
      );
      const seen = (await page(alice, chatId)).find((m) => m._id === reply._id);
      expect(seen?.replyTo).toMatchObject({ messageId: original._id, deleted: true, excerpt: '' });
    });

    it('refuses a reply to a message of another chat or to no message, with a readable 400', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const carol = await person(t.app);
      const other = await befriend(alice, carol);
      const elsewhere = await carol.api.say(other.chatId, 'private to Alice and Carol');
      for (const replyToId of [elsewhere._id, 'no-such-message']) {
        const refused = await bob.api.send(chatId, { content: 'sneaky', replyToId });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toContain('The message replied to is not in this chat');
      }
      expect(await page(bob, chatId)).toEqual([]);
    });

    it('cuts a long quote to an excerpt', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const long = await bob.api.say(chatId, '字'.repeat(500));
      const reply = dataOf<{ newMessage: SocialMessage }>(
        await alice.api.send(chatId, { content: 'ok', replyToId: long._id }),
      ).newMessage;
      expect(reply.replyTo?.excerpt).toBe(`${'字'.repeat(120)}…`);
    });
  });

  describe('reactions', () => {
    it('are live to both participants, counted with who reacted, and taken back', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const message = await bob.api.say(chatId, 'I passed the exam');
      const aliceTab = await tab(alice);
      const bobTab = await tab(bob);
      const put = await react(alice, chatId, message._id, '🎉');
      expect(put.statusCode).toBe(200);
      const expected: ReactionsChange = {
        chatId,
        messageId: message._id,
        reactions: [{ emoji: '🎉', users: [{ id: alice.user.id, username: alice.user.username }] }],
      };
      expect(dataOf(put)).toEqual(expected);
      expect(await bobTab.next('reactionsUpdated')).toEqual(expected);
      expect(await aliceTab.next('reactionsUpdated')).toEqual(expected);

      await react(bob, chatId, message._id, '🎉');
      const both = await aliceTab.next('reactionsUpdated');
      expect(both.reactions).toEqual([
        {
          emoji: '🎉',
          users: [
            { id: alice.user.id, username: alice.user.username },
            { id: bob.user.id, username: bob.user.username },
          ],
        },
      ]);
      expect((await page(alice, chatId))[0]?.reactions).toEqual(both.reactions);

      const off = await react(alice, chatId, message._id, '🎉', false);
      expect(dataOf<ReactionsChange>(off).reactions).toEqual([
        { emoji: '🎉', users: [{ id: bob.user.id, username: bob.user.username }] },
      ]);
      expect((await bobTab.next('reactionsUpdated')).reactions).toHaveLength(1);
    });

    it('refuses text, several emoji and control characters, and more than 3 per user, with a clear 400', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const message = await bob.api.say(chatId, 'hi');
      for (const emoji of ['ok', '👍👍', '👍\u0007', '\u202E👍', '', 42]) {
        const refused = await react(alice, chatId, message._id, emoji);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toMatch(/A reaction is one emoji/);
      }
      for (const emoji of ['👍', '❤️', '😂']) {
        expect((await react(alice, chatId, message._id, emoji)).statusCode).toBe(200);
      }
      const fourth = await react(alice, chatId, message._id, '😮');
      expect(fourth.statusCode).toBe(400);
      expect(fourth.json().message).toContain('At most 3 reactions per message');
      // Putting one already put changes nothing and is not refused.
      expect((await react(alice, chatId, message._id, '👍')).statusCode).toBe(200);
      expect((await page(alice, chatId))[0]?.reactions?.map((r) => r.emoji)).toEqual([
        '👍',
        '❤️',
        '😂',
      ]);
    });

    it('none on a deleted message, none in a read-only chat, none by an outsider', async () => {
      const { alice, bob, chatId, contactId } = await friends(t.app);
      const gone = await bob.api.say(chatId, 'oops');
      await bob.api.call('DELETE', paths.message(chatId, gone._id));
      expect((await react(alice, chatId, gone._id, '👍')).statusCode).toBe(409);
      const kept = await bob.api.say(chatId, 'still here');
      const mallory = await person(t.app);
      expect((await react(mallory, chatId, kept._id, '👍')).statusCode).toBe(404);
      contactFrom(await alice.contacts.action('block', contactId));
      expect((await react(bob, chatId, kept._id, '👍')).statusCode).toBe(403);
      expect((await react(alice, chatId, kept._id, '👍')).statusCode).toBe(403);
    });

    it('a tab that was away gets them in its sync, with the hides of its user', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const first = await bob.api.say(chatId, 'one');
      const second = await bob.api.say(chatId, 'two');
      await react(bob, chatId, first._id, '👍');
      await alice.api.call('POST', paths.hide(chatId, second._id));
      const aliceTab = await tab(alice);
      const reply = await emit<SyncReply>(aliceTab, 'sync', {
        cursors: [{ chatId, afterSeq: second.seq, fromSeq: first.seq, afterRevision: 0 }],
      });
      if (!reply.ok) throw new Error(reply.error.message);
      expect(reply.data.changesMap?.[chatId]?.messages.map((m) => [m._id, m.reactions])).toEqual([
        [first._id, [{ emoji: '👍', users: [{ id: bob.user.id, username: bob.user.username }] }]],
      ]);
      expect(reply.data.hiddenMap?.[chatId]).toEqual([second._id]);
    });
  });

  describe('forward', () => {
    it('copies a message into another chat, marked forwarded, naming nobody the target cannot see', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const carol = await person(t.app);
      const toCarol = await befriend(alice, carol);
      const carolTab = await tab(carol);
      const fromBob = await bob.api.say(chatId, 'the wifi password is hunter2');
      const clientId = randomUUID();
      const forward = () =>
        alice.api.call('POST', paths.forward(chatId, fromBob._id), {
          toChatId: toCarol.chatId,
          clientId,
        });
      const copy = dataOf<{ newMessage: SocialMessage }>(await forward()).newMessage;
      expect(copy).toMatchObject({
        chatId: toCarol.chatId,
        sender: alice.user.id,
        content: 'the wifi password is hunter2',
        forwarded: { from: null },
      });
      expect(JSON.stringify(copy)).not.toContain(bob.user.username);
      expect((await carolTab.next('new_message')).message).toEqual({ ...copy, isRead: false });
      // A retry with the same clientId stores it once.
      expect(dataOf<{ newMessage: SocialMessage }>(await forward()).newMessage._id).toBe(copy._id);

      const own = await alice.api.say(chatId, 'my own words');
      const ownCopy = dataOf<{ newMessage: SocialMessage }>(
        await alice.api.call('POST', paths.forward(chatId, own._id), {
          toChatId: toCarol.chatId,
          clientId: randomUUID(),
        }),
      ).newMessage;
      expect(ownCopy.forwarded).toEqual({ from: alice.user.username });
    });

    it('refuses files, deleted messages, chats that are not the user’s and read-only targets', async () => {
      const { alice, bob, chatId, contactId } = await friends(t.app);
      const carol = await person(t.app);
      const toCarol = await befriend(alice, carol);
      const content = await chatContent(t.app, bob.cookie, chatId);
      const fileMessage = dataOf<{ newMessage: SocialMessage }>(
        await bob.api.send(chatId, { content: 'notes.txt', type: 'file', fileId: content.fileId }),
      ).newMessage;
      const body = () => ({ toChatId: toCarol.chatId, clientId: randomUUID() });
      const file = await alice.api.call('POST', paths.forward(chatId, fileMessage._id), body());
      expect(file.statusCode).toBe(400);
      expect(file.json().message).toContain('Files cannot be forwarded');

      const gone = await bob.api.say(chatId, 'gone soon');
      await bob.api.call('DELETE', paths.message(chatId, gone._id));
      expect(
        (await alice.api.call('POST', paths.forward(chatId, gone._id), body())).statusCode,
      ).toBe(409);

      // Bob is not in Alice and Carol's chat: he cannot forward into it, nor read from it.
      const text = await bob.api.say(chatId, 'hello');
      expect((await bob.api.call('POST', paths.forward(chatId, text._id), body())).statusCode).toBe(
        404,
      );
      const carolsMessage = await carol.api.say(toCarol.chatId, 'for Alice only');
      expect(
        (
          await bob.api.call('POST', paths.forward(toCarol.chatId, carolsMessage._id), {
            toChatId: chatId,
            clientId: randomUUID(),
          })
        ).statusCode,
      ).toBe(404);

      // Into a blocked chat: refused as a send is.
      contactFrom(await alice.contacts.action('block', contactId));
      const carolsHello = await carol.api.say(toCarol.chatId, 'hi');
      const blocked = await alice.api.call('POST', paths.forward(toCarol.chatId, carolsHello._id), {
        toChatId: chatId,
        clientId: randomUUID(),
      });
      expect(blocked.statusCode).toBe(403);
    });
  });

  describe('delete for me', () => {
    it('hides a message for its user only, on every tab, across loads, and from search', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      const fromBob = await bob.api.say(chatId, 'embarrassing photo caption');
      const own = await alice.api.say(chatId, 'my typo');
      const aliceTab = await tab(alice);
      const bobTab = await tab(bob);
      for (const message of [fromBob, own]) {
        const hidden = await alice.api.call('POST', paths.hide(chatId, message._id));
        expect(dataOf(hidden)).toEqual({ chatId, messageId: message._id });
        expect(await aliceTab.next('messageHidden')).toEqual({ chatId, messageId: message._id });
      }
      expect((await page(alice, chatId)).map((m) => m.hidden)).toEqual([true, true]);
      expect((await page(bob, chatId)).map((m) => m.hidden)).toEqual([false, false]);
      expect(bobTab.received.map((r) => r.event)).toEqual([]);
      const search = dataOf<{ messages: SocialMessage[] }>(
        await alice.api.call('GET', `${paths.search(chatId)}?q=`),
      );
      expect(search.messages).toEqual([]);
    });

    it('the chat list previews the latest message the viewer has not hidden', async () => {
      const { alice, bob, chatId } = await friends(t.app);
      await bob.api.say(chatId, 'see you at noon');
      const last = await bob.api.say(chatId, 'sent to the wrong chat, sorry');
      await alice.api.call('POST', paths.hide(chatId, last._id));
      const preview = async (who: Person) =>
        dataOf<{ chats: { _id: string; lastMessage: { content: string } | null }[] }>(
          await who.api.call('GET', paths.chats),
        ).chats.find((chat) => chat._id === chatId)?.lastMessage?.content;
      expect(await preview(alice)).toBe('see you at noon');
      expect(await preview(bob)).toBe('sent to the wrong chat, sorry');
    });

    it('an outsider can hide nothing', async () => {
      const { bob, chatId } = await friends(t.app);
      const message = await bob.api.say(chatId, 'hi');
      const mallory = await person(t.app);
      expect((await mallory.api.call('POST', paths.hide(chatId, message._id))).statusCode).toBe(
        404,
      );
      expect((await bob.api.call('POST', paths.hide(chatId, 'nope'))).statusCode).toBe(404);
    });
  });
});
