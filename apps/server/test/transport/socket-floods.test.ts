import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketConnectError } from '@confab/protocol/socket-events';
import { eventually } from '../helpers/mcp';
import { friendsWithChat } from '../helpers/social';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/**
 * One client must not be able to flood the others or the server through its socket: repeated
 * events are relayed only when something changed (and then at most about once a second),
 * edits share the send allowance, a user has a bounded number of sockets, and a socket that
 * sends too fast is disconnected.
 */
describe('socket floods', () => {
  const apps: TestApp[] = [];
  const open: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  async function app(overrides: ConfigOverrides = {}) {
    // The packet limit is high unless a test is about it, so floods reach the handlers.
    const t = await startTestApp(undefined, { socketPacketsPerWindow: 1_000_000, ...overrides });
    apps.push(t);
    return { t, url: await listen(t.app) };
  }
  async function tab(url: string, cookie: string) {
    const socket = await connect(url, { cookie });
    open.push(socket);
    return socket;
  }

  describe('relays', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      ({ t, url } = await app());
    });

    it('a flood of typing renewals reaches the other side a bounded number of times, and still expires', async () => {
      const { alice, bob, chatId } = await friendsWithChat(t.app);
      const aliceTab = await tab(url, alice.cookie);
      const bobTab = await tab(url, bob.cookie);
      await bobTab.emitWithAck('join_chats', { chatIds: [chatId] });
      const startedAt = Date.now();
      for (let i = 0; i < 500; i += 1) aliceTab.emit('typing', { chatId, isTyping: true });
      // Nothing says stop: the indicator's expiry ends it, announced as isTyping: false.
      for (;;) {
        const event = await bobTab.next('typing');
        if (!event.isTyping) break;
      }
      const elapsedSeconds = (Date.now() - startedAt) / 1000;
      const relayed = bobTab.received.filter(
        (e) => e.event === 'typing' && (e.payload as { isTyping: boolean }).isTyping,
      ).length;
      // The first start, then at most one renewal a second while the 500 were handled.
      expect(relayed).toBeGreaterThanOrEqual(1);
      expect(relayed).toBeLessThanOrEqual(1 + Math.ceil(elapsedSeconds));
      expect(relayed).toBeLessThan(20);
    });

    it('repeated and flapping online statuses reach contacts only as a few changes, ending in the last state', async () => {
      const { alice, bob } = await friendsWithChat(t.app);
      const aliceTab = await tab(url, alice.cookie);
      const bobTab = await tab(url, bob.cookie);
      // Alice sees Bob come online first.
      await eventually(async () => aliceTab.presence.length > 0);
      const before = aliceTab.presence.length;
      for (let i = 0; i < 300; i += 1) bobTab.emit('onlineStatus', { isOnline: true });
      for (let i = 0; i < 300; i += 1) bobTab.emit('onlineStatus', { isOnline: i % 2 === 1 });
      await bobTab.emitWithAck('join_chats', { chatIds: [] }); // every status above was handled
      bobTab.emit('onlineStatus', { isOnline: false });
      const presenceOf = () =>
        t.app.inject({
          url: `/api/chat-social-msg/presence/${bob.user.id}`,
          headers: { cookie: alice.cookie },
        });
      await eventually(async () => {
        const last = aliceTab.presence.at(-1)?.payload as { isOnline: boolean } | undefined;
        return aliceTab.presence.length > before && last?.isOnline === false;
      });
      expect((await presenceOf()).json()).toMatchObject({ data: { isOnline: false } });
      // 601 statuses, of which 300 changed nothing and 301 flapped.
      expect(aliceTab.presence.length - before).toBeLessThanOrEqual(4);
    });
  });

  it('edits count against the message allowance: past it, 429, for edits and sends alike', async () => {
    const { t } = await app({ rateLimits: { messagesPerUserPerMinute: 3 } });
    const { alice, chatId } = await friendsWithChat(t.app);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat-social-msg/${chatId}/messages`,
        headers: { cookie: alice.cookie },
        payload: { content: 'hello' },
      });
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    const messageId = sent.json<{ data: { newMessage: { _id: string } } }>().data.newMessage._id;
    const edit = (content: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/chat-social-msg/${chatId}/messages/${messageId}`,
        headers: { cookie: alice.cookie },
        payload: { content },
      });
    expect((await edit('one')).statusCode).toBe(200);
    expect((await edit('two')).statusCode).toBe(200);
    const refused = await edit('three');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await send()).statusCode).toBe(429);
  });

  it('a user’s socket past SOCKETS_PER_USER is refused with a clear connect error', async () => {
    const { t, url } = await app({ socketsPerUser: 3 });
    const alice = await signUp(t.app);
    const tabs = [];
    for (let i = 0; i < 3; i += 1) tabs.push(await tab(url, alice.cookie));
    const error = await connect(url, { cookie: alice.cookie }).then(
      () => {
        throw new Error('a fourth socket connected');
      },
      (e: Error & { data?: SocketConnectError }) => e,
    );
    expect(error.data).toMatchObject({ code: 'TOO_MANY_SOCKETS' });
    expect(error.message).toMatch(/too many/i);
    // Another user is not affected, and a closed tab frees its place.
    open.push(await connect(url, { cookie: (await signUp(t.app)).cookie }));
    tabs[0]!.close();
    open.push(
      await eventually(() => connect(url, { cookie: alice.cookie }).catch(() => undefined)),
    );
  });

  it('a socket sending faster than the packet limit is disconnected; a calm one stays', async () => {
    const { t, url } = await app({ socketPacketsPerWindow: 20, socketPacketWindowMs: 1000 });
    const alice = await signUp(t.app);
    const calm = await tab(url, alice.cookie);
    const flooder = await tab(url, alice.cookie);
    const closed = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    for (let i = 0; i < 200; i += 1) flooder.emit('join_chats', { chatIds: [] });
    expect(await closed).toBe('io server disconnect');
    expect(await calm.timeout(10_000).emitWithAck('join_chats', { chatIds: [] })).toEqual({
      ok: true,
      data: { chatIds: [] },
    });
  });
});
