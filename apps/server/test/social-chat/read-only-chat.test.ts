import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { socialChatApiPaths as paths, type Presence } from '@confab/protocol/social-chat';
import { contactFrom } from '../helpers/contacts';
import { eventually } from '../helpers/mcp';
import { databaseTargets } from '../helpers/database-targets';
import { multipart } from '../helpers/social';
import { befriend, friends, person, socialTables, type Person } from '../helpers/social-chat';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A block stops everything, both ways, and a removal ends the right to write: every write and
 * event into the chat goes through one guard. The history stays readable.
 */
describe.each(databaseTargets)('read-only chats on $engine', (target) => {
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

  async function upload(who: Person, chatId: string) {
    const form = await multipart([
      ['chatId', chatId],
      ['file', { bytes: 'plain words', filename: 'notes.txt' }],
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api${paths.upload}`,
      headers: { ...form.headers, cookie: who.cookie },
      payload: form.payload,
    });
  }

  /**
   * Everything the blocked (or removed) party might try against the other: each answer, so a
   * test can show that every one was refused.
   */
  async function everyWrite(who: Person, chatId: string, ownMessageId: string) {
    const socket = await tab(who);
    const answers = {
      send: (await who.api.send(chatId, { content: 'let me in' })).statusCode,
      socketSend: await emit(socket, 'sendMessage', {
        chatId,
        content: 'let me in',
        contentType: 'text',
        clientId: crypto.randomUUID(),
      }),
      edit: (
        await who.api.call('PUT', paths.message(chatId, ownMessageId), { content: 'edited later' })
      ).statusCode,
      delete: (await who.api.call('DELETE', paths.message(chatId, ownMessageId))).statusCode,
      typing: await emit(socket, 'typing', { chatId, isTyping: true }),
      upload: (await upload(who, chatId)).statusCode,
      join: await emit<{ chatIds: string[] }>(socket, 'join_chats', { chatIds: [chatId] }),
    };
    return {
      ...answers,
      socketSend: answers.socketSend.ok ? 'ok' : answers.socketSend.error.statusCode,
      typing: answers.typing.ok ? 'ok' : answers.typing.error.statusCode,
      join: answers.join.ok ? answers.join.data.chatIds : 'refused',
    };
  }

  const allRefused = {
    send: 403,
    socketSend: 403,
    edit: 403,
    delete: 403,
    typing: 403,
    upload: 403,
    join: [],
  };

  it('a block stops every write and event of the blocked party, and nothing of theirs reaches the blocker', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    const carol = await person(t.app);
    const aliceAndCarol = await befriend(alice, carol);
    const old = await bob.api.say(chatId, 'before the block');
    const aliceTab = await tab(alice);
    contactFrom(await alice.contacts.action('block', contactId));
    expect(await waitForChat(aliceTab, chatId)).toMatchObject({ isBlocked: true, readOnly: true });
    const seen = aliceTab.received.length;
    const joined = await emit<{ chatIds: string[] }>(aliceTab, 'join_chats', {
      chatIds: [chatId, aliceAndCarol.chatId],
    });
    // The blocker's own tab does not join the blocked chat's room either.
    expect(joined).toEqual({ ok: true, data: { chatIds: [aliceAndCarol.chatId] } });
    const before = await socialTables(t.app);

    expect(await everyWrite(bob, chatId, old._id)).toEqual(allRefused);
    // A read mark of the blocked party is theirs alone: the blocker is not told.
    const read = await bob.api.call('POST', paths.readAll(chatId));
    expect(read.statusCode).toBe(200);

    // Carol's message is the first thing the blocker hears: nothing of Bob's came before it.
    const fromCarol = await carol.api.say(aliceAndCarol.chatId, 'hi Alice');
    expect((await aliceTab.next('new_message')).message).toEqual(fromCarol);
    expect(aliceTab.received.slice(seen).map((r) => r.event)).toEqual(['new_message']);
    // Bob's tries stored nothing: the messages are those of before, and Carol's.
    const after = (await socialTables(t.app)).messages;
    expect(after.filter((m) => m.id !== fromCarol._id)).toEqual(before.messages);
    // The history stays readable for both.
    for (const who of [alice, bob]) {
      expect((await who.api.page(chatId)).statusCode).toBe(200);
    }
  });

  it('a block stops the blocker too: their typing and read marks never reach the blocked party', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    const dave = await person(t.app);
    const bobAndDave = await befriend(bob, dave);
    await bob.api.say(chatId, 'hello Alice');
    const bobTab = await tab(bob);
    await emit(bobTab, 'join_chats', { chatIds: [chatId] });
    contactFrom(await alice.contacts.action('block', contactId));
    expect(await bobTab.next('contactUpdated')).toMatchObject({ change: 'removed' });
    expect(await bobTab.next('chatUpdated')).toMatchObject({
      chat: { _id: chatId, readOnly: true, isBlocked: false, isOnline: false },
    });

    const aliceTab = await tab(alice);
    const typing = await emit(aliceTab, 'typing', { chatId, isTyping: true });
    expect(typing).toMatchObject({ ok: false, error: { statusCode: 403 } });
    expect((await alice.api.call('POST', paths.readAll(chatId))).statusCode).toBe(200);

    const fromDave = await dave.api.say(bobAndDave.chatId, 'hi Bob');
    expect((await bobTab.next('new_message')).message).toEqual(fromDave);
    expect(bobTab.received.map((r) => r.event)).toEqual([
      'contactUpdated',
      'chatUpdated',
      'new_message',
    ]);
  });

  it('a block hides presence both ways, in the chat list and the presence route', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    await tab(alice);
    await tab(bob);
    expect((await alice.api.chat(chatId))?.isOnline).toBe(true);
    contactFrom(await bob.contacts.action('block', contactId));
    for (const [viewer, subject] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      expect((await viewer.api.chat(chatId))?.isOnline).toBe(false);
      expect((await viewer.api.call('GET', paths.presence(subject.user.id))).statusCode).toBe(404);
    }
  });

  it('tells both parties’ open tabs at once when a block makes the chat read-only, and when it ends', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const aliceTab = await tab(alice);
    const bobTab = await tab(bob);
    const before = await eventually(async () => {
      const read = await bob.api.call('GET', paths.presence(alice.user.id));
      const presence = read.json<{ data: Presence }>().data;
      return presence.isOnline && presence;
    });
    const blocked = await alice.api.call('POST', paths.chatToggle(chatId, 'block'), {
      value: true,
    });
    expect(blocked.statusCode).toBe(200);
    const forAlice = await waitForChat(aliceTab, chatId);
    const forBob = await waitForChat(bobTab, chatId);
    expect(forAlice).toMatchObject({ isBlocked: true, readOnly: true });
    expect(forBob).toMatchObject({ isBlocked: false, readOnly: true });
    // Bob's tab had Alice online; it is told she is offline to him now, in a notice newer
    // than any flip of hers (a client keeps the newest).
    for (;;) {
      const presence = await bobTab.next('presence');
      if (presence.userId !== alice.user.id || presence.isOnline) continue;
      expect(presence).toMatchObject({ lastSeen: null });
      expect(presence.version).toBeGreaterThan(before.version);
      break;
    }

    expect(
      (await alice.api.call('POST', paths.chatToggle(chatId, 'block'), { value: false }))
        .statusCode,
    ).toBe(200);
    expect(await waitForChat(bobTab, chatId)).toMatchObject({ isBlocked: false, readOnly: false });
    expect((await bob.api.send(chatId, { content: 'hello again' })).statusCode).toBe(200);
  });

  it('after a removal neither can write (REST or socket), no presence shows, the history stays, and the remover can still block', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    const old = await bob.api.say(chatId, 'we were friends');
    await tab(alice);
    expect((await alice.contacts.action('remove', contactId)).statusCode).toBe(200);

    expect(await everyWrite(bob, chatId, old._id)).toEqual(allRefused);
    expect(await bob.api.chat(chatId)).toMatchObject({ readOnly: true, isOnline: false });
    expect(await alice.api.chat(chatId)).toMatchObject({ readOnly: true });
    expect((await bob.api.page(chatId)).statusCode).toBe(200);

    // The remover blocks from the chat: the removed user can no longer ask again.
    const block = await alice.api.call('POST', paths.chatToggle(chatId, 'block'), { value: true });
    expect(block.statusCode).toBe(200);
    expect((await bob.contacts.add(alice.user.username)).statusCode).toBe(404);
    expect((await alice.contacts.list()).find((c) => c.otherUserId === bob.user.id)).toMatchObject({
      status: 'blocked',
    });
  });

  /** The next chatUpdated of one chat on a tab (other events may come between). */
  async function waitForChat(socket: Awaited<ReturnType<typeof tab>>, chatId: string) {
    for (;;) {
      const { chat } = await socket.next('chatUpdated').catch(() => ({ chat: undefined }));
      if (chat?._id === chatId) return chat;
    }
  }
});
