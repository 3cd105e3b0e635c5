import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { typingExpiryMs, type SocialMessage } from '@confab/protocol/social-chat';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SocketAckReply,
} from '@confab/protocol/socket-events';
import { socialChatApiPaths, type Attachment, type Presence } from '@confab/protocol/social-chat';
import { contactsAs, contactFrom } from '../helpers/contacts';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { friendsWithChat, multipart } from '../helpers/social';
import { signUp } from '../helpers/users';

type Tab = Awaited<ReturnType<typeof connect>>;
type AckData<E extends keyof ClientToServerEvents> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends (
    reply: SocketAckReply<infer T>,
  ) => void
    ? T
    : never;

/** Emits a client event and resolves with its acknowledgement. */
function request<E extends keyof ClientToServerEvents>(
  socket: ClientSocket,
  event: E,
  ...args: unknown[]
): Promise<SocketAckReply<AckData<E>>> {
  return new Promise((resolve) => {
    (socket.emit as (...a: unknown[]) => void)(event, ...args, resolve);
  });
}

/** The data of a successful acknowledgement; fails the test with the error otherwise. */
async function expectOk<T>(reply: Promise<SocketAckReply<T>>): Promise<T> {
  const answer = await reply;
  if (!answer.ok) throw new Error(`expected ok, got ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** Every event of one name a tab received so far. */
const receivedOf = <E extends keyof ServerToClientEvents>(tab: Tab, event: E) =>
  (event === 'presence' ? tab.presence : tab.received)
    .filter((entry) => entry.event === event)
    .map((entry) => entry.payload as Parameters<ServerToClientEvents[E]>[0]);

/** Waits until a tab received an event matching `test`, in any order among other events. */
async function eventually<E extends keyof ServerToClientEvents>(
  tab: Tab,
  event: E,
  test: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  const started = Date.now();
  for (;;) {
    const found = receivedOf(tab, event).find(test);
    if (found) return found;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`no ${event} within ${timeoutMs} ms; got ${JSON.stringify(tab.received)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets in-flight events land, so a test can show that something did NOT arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe.each(databaseTargets)('social chat over socket.io on $engine', (target) => {
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

  async function tab(cookie: string): Promise<Tab> {
    const socket = await connect(url, { cookie });
    open.push(socket);
    return socket;
  }

  const storedMessages = () =>
    t.app.database.db.selectFrom('messages').select(['id', 'content']).orderBy('id').execute();

  const send = (socket: ClientSocket, chatId: string, content: string, clientId = randomUUID()) =>
    request(socket, 'sendMessage', { chatId, content, clientId });

  it('delivers a message to every tab of both participants; the sending tab has it in its ack only', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const carol = await signUp(t.app);
    const aliceTab = await tab(alice.cookie);
    const aliceOtherTab = await tab(alice.cookie);
    const bobTabs = [await tab(bob.cookie), await tab(bob.cookie)];
    const carolTab = await tab(carol.cookie);

    const clientId = randomUUID();
    const { message } = await expectOk(send(aliceTab, chatId, '  hello <b>bob</b>  ', clientId));
    expect(message).toMatchObject({
      chatId,
      seq: 1,
      sender: alice.user.id,
      senderUsername: alice.user.username,
      content: 'hello <b>bob</b>',
      contentType: 'text',
      clientId,
      deleted: false,
    });
    const [row] = await storedMessages();
    expect(row).toEqual({ id: message._id, content: 'hello <b>bob</b>' });

    for (const bobTab of bobTabs) {
      const delivered = await eventually(bobTab, 'new_message');
      expect(delivered).toEqual({ chatId, unread: 1, message: { ...message, isRead: false } });
    }
    expect((await eventually(aliceOtherTab, 'newChatMessage')).message._id).toBe(message._id);
    await settle();
    expect(carolTab.received).toEqual([]);
    // The sending tab has the message in its acknowledgement: it is not sent it again.
    expect(receivedOf(aliceTab, 'newChatMessage')).toEqual([]);
    // One event per message and tab: the receiver is not sent newChatMessage as well.
    for (const bobTab of bobTabs) expect(receivedOf(bobTab, 'newChatMessage')).toEqual([]);
  });

  it('stores and delivers a retried sendMessage exactly once, answering with the original', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    const clientId = randomUUID();

    const first = await expectOk(send(aliceTab, chatId, 'once', clientId));
    // A retry after a lost ack, from another tab, and two more at the same moment.
    const retries = await Promise.all([
      expectOk(send(await tab(alice.cookie), chatId, 'once', clientId)),
      expectOk(send(aliceTab, chatId, 'once', clientId)),
      expectOk(send(aliceTab, chatId, 'once', clientId)),
    ]);
    for (const retry of retries) expect(retry.message).toEqual(first.message);
    const next = await expectOk(send(aliceTab, chatId, 'after'));
    expect(next.message.seq).toBe(first.message.seq + 1);

    await eventually(bobTab, 'new_message', ({ message }) => message._id === next.message._id);
    const delivered = receivedOf(bobTab, 'new_message').map(({ message }) => message.content);
    expect(delivered).toEqual(['once', 'after']);
    const rows = await t.app.database.db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', chatId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses malformed payloads and chats the user is not in, stores nothing, stays connected', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const other = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const before = await storedMessages();
    const clientId = randomUUID();
    const cases: [unknown[], number, RegExp][] = [
      [[], 400, /sendMessage: Invalid input/],
      [['hello'], 400, /Invalid input/],
      [[{ chatId, content: 'x' }], 400, /clientId: clientId must be a UUID/],
      [[{ chatId, content: '   ', clientId }], 400, /content: Message content must not be blank/],
      [[{ chatId, content: 'x'.repeat(2001), clientId }], 400, /消息长度不能超过2000个字符/],
      [
        [{ chatId, content: 'x', contentType: 'html', clientId }],
        400,
        /Content type must be one of/,
      ],
      [[{ chatId, content: 'x', clientId, extra: 1 }], 400, /extra/],
      [[{ chatId: other.chatId, content: 'x', clientId }], 404, /No such chat/],
      [[{ chatId: 'no-such-chat', content: 'x', clientId }], 404, /No such chat/],
    ];
    for (const [args, statusCode, message] of cases) {
      const reply = await request(aliceTab, 'sendMessage', ...args);
      expect(reply.ok, message.source).toBe(false);
      if (!reply.ok) {
        expect(reply.error.statusCode, message.source).toBe(statusCode);
        expect(reply.error.message).toMatch(message);
      }
    }
    for (const event of ['join_chats', 'leave_chats', 'sync'] as const) {
      const reply = await request(aliceTab, event, { chatIds: 'all', cursors: 5 });
      expect(reply).toMatchObject({
        ok: false,
        error: { statusCode: 400, code: 'VALIDATION_ERROR' },
      });
    }
    // Events without an acknowledgement are dropped just as quietly.
    aliceTab.emit('typing', 'nonsense' as never);
    aliceTab.emit('onlineStatus', { isOnline: 'yes' } as never);
    expect(await storedMessages()).toEqual(before);
    expect(aliceTab.connected).toBe(true);
    expect(await expectOk(send(aliceTab, chatId, 'still here'))).toBeTruthy();
  });

  it('sends an image uploaded to the chat; a file of another chat is refused', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const other = await friendsWithChat(t.app);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploadTo = async (cookie: string, to: string) => {
      const body = await multipart([
        ['chatId', to],
        ['file', { bytes: png, filename: 'dot.png' }],
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${socialChatApiPaths.upload}`,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
      return response.json<{ data: { file: Attachment } }>().data.file;
    };
    const file = await uploadTo(alice.cookie, chatId);
    const foreign = await uploadTo(other.alice.cookie, other.chatId);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);

    const { message } = await expectOk(
      request(aliceTab, 'sendMessage', {
        chatId,
        content: 'dot.png',
        contentType: 'image',
        clientId: randomUUID(),
        fileId: file.id,
      }),
    );
    expect(message).toMatchObject({ contentType: 'image', attachment: file });
    expect((await eventually(bobTab, 'new_message')).message.attachment).toEqual(file);

    const before = await storedMessages();
    const refused = await request(aliceTab, 'sendMessage', {
      chatId,
      content: 'not mine',
      contentType: 'image',
      clientId: randomUUID(),
      fileId: foreign.id,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        statusCode: 400,
        message: expect.stringMatching(/Upload the file to this chat first/),
      },
    });
    expect(await storedMessages()).toEqual(before);
  });

  it('refuses sends into a chat where either side blocked the other', async () => {
    const { alice, bob, chatId, contactId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    contactFrom(await contactsAs(t.app, bob.cookie).action('block', contactId));
    const before = await storedMessages();
    for (const socket of [aliceTab, bobTab]) {
      const reply = await send(socket, chatId, 'blocked?');
      expect(reply).toMatchObject({
        ok: false,
        error: { statusCode: 403, message: expect.stringMatching(/read-only/) },
      });
    }
    expect(await storedMessages()).toEqual(before);
  });

  it('joins only the user’s own chats and sends typing to the others there, never to the typist', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const other = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const aliceOtherTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    const outsider = await tab(other.alice.cookie);

    expect(
      await expectOk(request(aliceTab, 'join_chats', { chatIds: [chatId, other.chatId] })),
    ).toEqual({
      chatIds: [chatId],
    });
    await expectOk(request(aliceOtherTab, 'join_chats', { chatIds: [chatId] }));
    await expectOk(request(bobTab, 'join_chats', { chatIds: [chatId, chatId] }));
    // The outsider's join of someone else's chat is refused by leaving it out.
    expect(await expectOk(request(outsider, 'join_chats', { chatIds: [chatId] }))).toEqual({
      chatIds: [],
    });

    aliceTab.emit('typing', { chatId, isTyping: true });
    expect(await eventually(bobTab, 'typing')).toEqual({
      chatId,
      userId: alice.user.id,
      username: alice.user.username,
      isTyping: true,
    });
    aliceTab.emit('typing', { chatId, isTyping: false });
    await eventually(bobTab, 'typing', (p) => !p.isTyping);
    // An outsider's typing into the chat reaches nobody.
    outsider.emit('typing', { chatId, isTyping: true });
    await settle();
    for (const socket of [aliceTab, aliceOtherTab, outsider])
      expect(receivedOf(socket, 'typing')).toEqual([]);
    expect(receivedOf(bobTab, 'typing').map((p) => p.isTyping)).toEqual([true, false]);

    // Leaving the chat's room stops its typing indicators.
    expect(
      await expectOk(request(bobTab, 'leave_chats', { chatIds: [chatId, other.chatId] })),
    ).toEqual({
      chatIds: [chatId],
    });
    aliceTab.emit('typing', { chatId, isTyping: true });
    await settle();
    expect(receivedOf(bobTab, 'typing')).toHaveLength(2);
  });

  it('ends typing by itself after the expiry, on a send and on a disconnect', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    await expectOk(request(bobTab, 'join_chats', { chatIds: [chatId] }));

    aliceTab.emit('typing', { chatId, isTyping: true });
    await eventually(bobTab, 'typing', (p) => p.isTyping);
    const started = Date.now();
    const ended = await eventually(bobTab, 'typing', (p) => !p.isTyping, typingExpiryMs + 3000);
    expect(ended).toMatchObject({ chatId, userId: alice.user.id, isTyping: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(typingExpiryMs - 100);

    aliceTab.emit('typing', { chatId, isTyping: true });
    await eventually(
      bobTab,
      'typing',
      (p) => p.isTyping && receivedOf(bobTab, 'typing').length === 3,
    );
    await expectOk(send(aliceTab, chatId, 'done typing'));
    await eventually(bobTab, 'typing', () => receivedOf(bobTab, 'typing').length === 4);
    expect(receivedOf(bobTab, 'typing').at(-1)?.isTyping).toBe(false);

    aliceTab.emit('typing', { chatId, isTyping: true });
    await eventually(bobTab, 'typing', () => receivedOf(bobTab, 'typing').length === 5);
    aliceTab.disconnect();
    await eventually(bobTab, 'typing', () => receivedOf(bobTab, 'typing').length === 6);
    expect(receivedOf(bobTab, 'typing').map((p) => p.isTyping)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('counts every tab: offline only when the last one leaves; away tabs do not count', async () => {
    const { alice, bob } = await friendsWithChat(t.app);
    const stranger = await signUp(t.app);
    const bobTab = await tab(bob.cookie);
    const strangerTab = await tab(stranger.cookie);
    const presenceOf = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api${socialChatApiPaths.presence(alice.user.id)}`,
        headers: { cookie },
      });
    const aliceNow = async () => (await presenceOf(bob.cookie)).json<{ data: Presence }>().data;

    expect(await aliceNow()).toMatchObject({
      userId: alice.user.id,
      isOnline: false,
      lastSeen: null,
    });
    const first = await tab(alice.cookie);
    expect(await bobTab.next('presence')).toMatchObject({ userId: alice.user.id, isOnline: true });
    const second = await tab(alice.cookie);
    first.close();
    await settle();
    expect(await aliceNow()).toMatchObject({ isOnline: true });

    // The remaining tab goes away, then comes back.
    second.emit('onlineStatus', { isOnline: false });
    const away = await bobTab.next('presence');
    expect(away).toMatchObject({ userId: alice.user.id, isOnline: false });
    expect(Date.parse(away.lastSeen!)).toBeGreaterThan(0);
    second.emit('onlineStatus', { isOnline: true });
    expect(await bobTab.next('presence')).toMatchObject({ isOnline: true });

    second.close();
    const offline = await bobTab.next('presence');
    expect(offline).toMatchObject({ userId: alice.user.id, isOnline: false });
    expect(await aliceNow()).toEqual(offline);
    // Exactly three changes reached bob: online, away, back, offline.
    await settle();
    expect(receivedOf(bobTab, 'presence').map((p) => p.isOnline)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // Each flip has a higher version than the one before (a client drops a late one).
    const versions = receivedOf(bobTab, 'presence').map((p) => p.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(4);

    // Nobody else learns it, nor may ask.
    expect(receivedOf(strangerTab, 'presence')).toEqual([]);
    const refused = await presenceOf(stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: '获取在线状态失败：No contact with this id',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api${socialChatApiPaths.presence(alice.user.id)}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('hides presence both ways once a contact is blocked', async () => {
    const { alice, bob, contactId } = await friendsWithChat(t.app);
    contactFrom(await contactsAs(t.app, alice.cookie).action('block', contactId));
    const bobTab = await tab(bob.cookie);
    await tab(alice.cookie);
    // Alice blocked bob: bob does not see her come online, nor she him (at most an "offline").
    await settle();
    const online = (received: unknown[]) =>
      received.filter((presence) => (presence as Presence).isOnline);
    expect(online(receivedOf(bobTab, 'presence'))).toEqual([]);
    for (const [viewer, subject] of [
      [bob, alice],
      [alice, bob],
    ]) {
      const asked = await t.app.inject({
        method: 'GET',
        url: `/api${socialChatApiPaths.presence(subject!.user.id)}`,
        headers: { cookie: viewer!.cookie },
      });
      expect(asked.statusCode).toBe(404);
    }
  });

  it('catches up from the database after a forced disconnect, in order, without gaps', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    await expectOk(send(aliceTab, chatId, 'before'));
    const seen = (await eventually(bobTab, 'new_message')).message;

    // The server drops bob's connection (as a network failure would) and alice goes on.
    const bobSockets = await t.app.io.in(`user:${bob.user.id}`).fetchSockets();
    for (const socket of bobSockets) socket.disconnect(true);
    await new Promise((resolve) => bobTab.once('disconnect', resolve));
    const sent: SocialMessage[] = [];
    for (const content of ['one', 'two', 'three']) {
      sent.push((await expectOk(send(aliceTab, chatId, content))).message);
    }

    const back = await tab(bob.cookie);
    const reply = await expectOk(
      request(back, 'sync', { cursors: [{ chatId, afterSeq: seen.seq }] }),
    );
    expect(reply.hasMore).toBe(false);
    expect(reply.messagesMap[chatId]!.map((m) => [m.seq, m.content])).toEqual([
      [seen.seq + 1, 'one'],
      [seen.seq + 2, 'two'],
      [seen.seq + 3, 'three'],
    ]);
    expect(reply.messagesMap[chatId]!.map((m) => m._id)).toEqual(sent.map((m) => m._id));
    // A chat of someone else is not synced, whatever the cursor says.
    const other = await friendsWithChat(t.app);
    const foreign = await expectOk(
      request(back, 'sync', { cursors: [{ chatId: other.chatId, afterSeq: 0 }] }),
    );
    expect(foreign.messagesMap[other.chatId] ?? []).toEqual([]);
  });

  it('tells a tab back from a forced disconnect how far the other side read meanwhile', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    await expectOk(send(aliceTab, chatId, 'one'));
    const { message: last } = await expectOk(send(aliceTab, chatId, 'two'));
    const unread = await expectOk(
      request(aliceTab, 'sync', { cursors: [{ chatId, afterSeq: last.seq }] }),
    );
    expect(unread.readMap).toEqual({ [chatId]: 0 });

    // Alice's connection drops; bob reads both messages while she is away.
    for (const socket of await t.app.io.in(`user:${alice.user.id}`).fetchSockets()) {
      socket.disconnect(true);
    }
    await new Promise((resolve) => aliceTab.once('disconnect', resolve));
    const read = await t.app.inject({
      method: 'POST',
      url: `/api${socialChatApiPaths.read(chatId)}`,
      headers: { cookie: bob.cookie },
      payload: { messageId: last._id },
    });
    expect(read.statusCode).toBe(200);

    const back = await tab(alice.cookie);
    const reply = await expectOk(
      request(back, 'sync', { cursors: [{ chatId, afterSeq: last.seq }] }),
    );
    expect(reply.messagesMap[chatId]).toEqual([]);
    expect(reply.readMap).toEqual({ [chatId]: last.seq });
    // The mark is the other side's: bob's own sync says alice has read nothing of his.
    const bobTab = await tab(bob.cookie);
    const bobs = await expectOk(request(bobTab, 'sync', { cursors: [{ chatId, afterSeq: 0 }] }));
    expect(bobs.readMap).toEqual({ [chatId]: 0 });
  });

  it('catches up on edits and deletions made while away, from the revision the tab holds', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    const [first, second, third] = [
      (await expectOk(send(aliceTab, chatId, 'one'))).message,
      (await expectOk(send(aliceTab, chatId, 'two'))).message,
      (await expectOk(send(aliceTab, chatId, 'three'))).message,
    ];
    const cursor = { chatId, afterSeq: third.seq, fromSeq: first.seq };
    const start = await expectOk(
      request(bobTab, 'sync', { cursors: [{ ...cursor, afterRevision: 0 }] }),
    );
    expect(start.changesMap?.[chatId]).toEqual({ messages: [], revision: 0 });

    const bobSockets = await t.app.io.in(`user:${bob.user.id}`).fetchSockets();
    for (const socket of bobSockets) socket.disconnect(true);
    await new Promise((resolve) => bobTab.once('disconnect', resolve));
    const change = (method: 'PUT' | 'DELETE', messageId: string, content?: string) =>
      t.app.inject({
        method,
        url: `/api${socialChatApiPaths.message(chatId, messageId)}`,
        headers: { cookie: alice.cookie },
        ...(content !== undefined && { payload: { content } }),
      });
    expect((await change('PUT', first._id, 'one, edited')).statusCode).toBe(200);
    expect((await change('DELETE', second._id)).statusCode).toBe(200);
    expect((await change('PUT', first._id, 'one, edited twice')).statusCode).toBe(200);
    const fourth = (await expectOk(send(aliceTab, chatId, 'four'))).message;

    const back = await tab(bob.cookie);
    const reply = await expectOk(
      request(back, 'sync', { cursors: [{ ...cursor, afterRevision: 0 }] }),
    );
    // In the order of the changes, each message as it is now; the new one comes as new.
    expect(
      reply.changesMap?.[chatId]?.messages.map((m) => [
        m._id,
        m.content,
        m.deleted,
        m.editedAt !== null,
      ]),
    ).toEqual([
      [second._id, '', true, false],
      [first._id, 'one, edited twice', false, true],
    ]);
    expect(reply.changesMap?.[chatId]?.revision).toBe(3);
    expect(reply.messagesMap[chatId]!.map((m) => m._id)).toEqual([fourth._id]);
    expect(reply.hasMore).toBe(false);

    // Nothing new after the revision answered; a message the tab does not hold is left out.
    const again = await expectOk(
      request(back, 'sync', { cursors: [{ ...cursor, afterSeq: fourth.seq, afterRevision: 3 }] }),
    );
    expect(again.changesMap?.[chatId]).toEqual({ messages: [], revision: 3 });
    const fromSecond = await expectOk(
      request(back, 'sync', { cursors: [{ ...cursor, fromSeq: second.seq, afterRevision: 0 }] }),
    );
    expect(fromSecond.changesMap?.[chatId]?.messages.map((m) => m._id)).toEqual([second._id]);

    // Cut into batches: each ends at its last change, and hasMore asks for the rest.
    const firstBatch = await t.app.services.messages.since(
      bob.user.id,
      [{ ...cursor, afterRevision: 0 }],
      1,
    );
    expect(firstBatch.hasMore).toBe(true);
    expect(firstBatch.changesMap?.[chatId]).toMatchObject({
      messages: [{ _id: second._id }],
      revision: 2,
    });
    const nextBatch = await t.app.services.messages.since(
      bob.user.id,
      [{ ...cursor, afterRevision: 2 }],
      1,
    );
    expect(nextBatch.changesMap?.[chatId]).toMatchObject({
      messages: [{ _id: first._id, content: 'one, edited twice' }],
      revision: 3,
    });

    // Someone else's chat tells nothing of its changes.
    const other = await friendsWithChat(t.app);
    const foreign = await expectOk(
      request(back, 'sync', { cursors: [{ chatId: other.chatId, afterSeq: 0, afterRevision: 0 }] }),
    );
    expect(foreign.changesMap?.[other.chatId]).toBeUndefined();
  });

  it('refuses a sync cursor with a bad revision or range', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const aliceTab = await tab(alice.cookie);
    const cases: [unknown, RegExp][] = [
      [{ chatId, afterSeq: 3, afterRevision: -1 }, /afterRevision must be 0 or more/],
      [{ chatId, afterSeq: 3, afterRevision: 'x' }, /afterRevision must be a whole number/],
      [{ chatId, afterSeq: 3, afterRevision: 1.5 }, /afterRevision must be a whole number/],
      [{ chatId, afterSeq: 3, fromSeq: 4, afterRevision: 0 }, /fromSeq must not be above afterSeq/],
      [{ chatId, afterSeq: 3, fromSeq: -2 }, /fromSeq must be 0 or more/],
    ];
    for (const [cursor, message] of cases) {
      const reply = await request(aliceTab, 'sync', { cursors: [cursor] });
      expect(reply, message.source).toMatchObject({ ok: false, error: { statusCode: 400 } });
      if (!reply.ok) expect(reply.error.message).toMatch(message);
    }
  });
});
