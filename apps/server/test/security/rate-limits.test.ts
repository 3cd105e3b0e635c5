import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { everythingStdio, mcpSettings, requestAs, writeMcpFile } from '../helpers/mcp';
import { databaseTargets } from '../helpers/database-targets';
import { createScratchRedis, redisServerUrl, redisSkipReason } from '../helpers/redis';
import { startSharedNodes } from '../helpers/shared-nodes';
import { friends } from '../helpers/social-chat';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { contactsAs } from '../helpers/contacts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, signUp } from '../helpers/users';

/** What every limit answers: 429, the error envelope, and when to come back. */
function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits answer 429 with retry-after', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('on registration, per client address', async () => {
    t = await startTestApp(undefined, { rateLimits: { registerPerIpPerHour: 1 } });
    const register = () =>
      t!.app.inject({ method: 'POST', url: '/api/_auth/register', payload: newAccount() });
    expect((await register()).statusCode).toBe(201);
    expectLimited(await register());
  });

  it('on sign-in, per client address and per account', async () => {
    t = await startTestApp(undefined, {
      rateLimits: { loginPerIpPerMinute: 3, loginFailuresPerAccount: 2 },
    });
    const { user } = await signUp(t.app);
    const login = (password: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username: user.username, password },
      });
    expect((await login('wrong one')).statusCode).toBe(401);
    expect((await login('wrong two')).statusCode).toBe(401);
    // The account is locked (its own limit, counted in minutes)...
    const locked = await login('wrong three');
    expectLimited(locked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // ... and then the address is (the fourth attempt in a minute).
    expectLimited(await login('wrong four'));
  });

  it('on friend requests, per user', async () => {
    t = await startTestApp(undefined, { rateLimits: { addContactPerUserPerMinute: 1 } });
    const me = await signUp(t.app);
    const add = (receiverName: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/chat-social-msg/contacts/add',
        headers: { cookie: me.cookie },
        payload: { receiverName },
      });
    expect((await add('nobody_one')).statusCode).toBe(404);
    expectLimited(await add('nobody_two'));
  });

  it('on tool calls, per user, and other users go on', async () => {
    t = await startTestApp(
      undefined,
      { rateLimits: { toolCallsPerUserPerMinute: 2 }, mcp: mcpSettings() },
      { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) },
    );
    const me = requestAs(t.app, (await signUp(t.app)).cookie);
    const call = { client: 'everything', name: 'echo', args: { message: 'hi' } };
    expect((await me.post('/api/mcp/call', call)).statusCode).toBe(200);
    expect((await me.post('/api/mcp/call', call)).statusCode).toBe(200);
    expectLimited(await me.post('/api/mcp/call', call));
    const someoneElse = requestAs(t.app, (await signUp(t.app)).cookie);
    expect((await someoneElse.post('/api/mcp/call', call)).statusCode).toBe(200);
    // Listing tools is not a call.
    expect((await me.get('/api/mcp/tools')).statusCode).toBe(200);
  });

  it('on password changes, per user', async () => {
    t = await startTestApp(undefined, { rateLimits: { passwordChangePerUserPerHour: 1 } });
    const me = await signUp(t.app);
    const change = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/password',
        headers: { cookie: me.cookie },
        payload: { currentPassword: 'not it', newPassword: 'a new password' },
      });
    expect((await change()).statusCode).toBe(400);
    expectLimited(await change());
  });

  it('on message sends, per user, REST and socket sharing one allowance', async () => {
    t = await startTestApp(undefined, { rateLimits: { messagesPerUserPerMinute: 2 } });
    const { alice, bob, chatId } = await friends(t.app);
    expect((await alice.api.send(chatId, { content: 'one' })).statusCode).toBe(200);
    const appSend = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/chat/sendMessage',
        headers: { cookie: alice.cookie },
        payload: { chatId, content: 'two' },
      });
    expect((await appSend()).statusCode).toBe(200);
    expectLimited(await alice.api.send(chatId, { content: 'three' }));
    expectLimited(await appSend());

    const socket = await connect(await listen(t.app), { cookie: alice.cookie });
    try {
      const reply = (await socket.timeout(5000).emitWithAck('sendMessage', {
        chatId,
        clientId: randomUUID(),
        content: 'four',
      })) as SocketAckReply<unknown>;
      expect(reply).toMatchObject({ ok: false, error: { statusCode: 429, code: 'RATE_LIMITED' } });
      expect(reply.ok ? 0 : reply.error.retryAfter).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
    // Nothing refused was stored, and the other participant still writes.
    const stored = await t.app.database.db.selectFrom('messages').select('content').execute();
    expect(stored.map((m) => m.content).sort()).toEqual(['one', 'two']);
    expect((await bob.api.send(chatId, { content: 'reply' })).statusCode).toBe(200);
  });
});

describe.each(databaseTargets)('the message allowance ($engine)', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('on message sends and edits in the messages service, whichever entry point calls it', async () => {
    t = await startTestApp(target, { rateLimits: { messagesPerUserPerMinute: 2 } });
    const { alice, chatId } = await friends(t.app);
    const messages = t.app.services.messages;
    const first = await messages.send(alice.user, { chatId, content: 'one', contentType: 'text' });
    await messages.edit(alice.user, chatId, first._id, 'one, edited');
    const refused = { statusCode: 429, code: 'RATE_LIMITED' };
    await expect(
      messages.send(alice.user, { chatId, content: 'two', contentType: 'text' }),
    ).rejects.toMatchObject(refused);
    await expect(messages.edit(alice.user, chatId, first._id, 'again')).rejects.toMatchObject(
      refused,
    );
    const stored = await t.app.database.db.selectFrom('messages').select('content').execute();
    expect(stored.map((m) => m.content)).toEqual(['one, edited']);
  });
});

describe.skipIf(!redisServerUrl)('limits shared through Redis by the nodes of a site', () => {
  it('counts message sends once for the whole site', async () => {
    const redis = await createScratchRedis(redisServerUrl!);
    const site = await startSharedNodes(2, redis, { rateLimits: { messagesPerUserPerMinute: 2 } });
    try {
      const [a, b] = site.nodes as [TestApp, TestApp];
      const { alice, chatId } = await friends(a.app);
      const sendThrough = (node: TestApp, content: string) =>
        node.app.inject({
          method: 'POST',
          url: `/api/chat-social-msg/${chatId}/messages`,
          headers: { cookie: alice.cookie },
          payload: { content },
        });
      expect((await sendThrough(a, 'one')).statusCode).toBe(200);
      expect((await sendThrough(b, 'two')).statusCode).toBe(200);
      expectLimited(await sendThrough(a, 'three'));
      expectLimited(await sendThrough(b, 'four'));
    } finally {
      await site.close();
      await redis.drop();
    }
  });

  it('counts friendRequestMessage notices once for the whole site, with retry-after', async () => {
    const redis = await createScratchRedis(redisServerUrl!);
    const site = await startSharedNodes(2, redis, {
      rateLimits: { addContactPerUserPerMinute: 2 },
    });
    const tabs: ClientSocket[] = [];
    try {
      const [a, b] = site.nodes as [TestApp, TestApp];
      const alice = await signUp(a.app);
      const bob = await signUp(b.app);
      // The request itself goes through its own REST limit; the notices have theirs.
      const requestId = (await contactsAs(a.app, alice.cookie).send(bob.user.username)).id;
      for (const node of [a, b])
        tabs.push(await connect(await listen(node.app), { cookie: alice.cookie }));
      const notice = async (tab: ClientSocket) =>
        (await tab.timeout(5000).emitWithAck('friendRequestMessage', {
          newContact: { id: requestId },
          receiverName: bob.user.username,
        })) as SocketAckReply<unknown>;
      expect(await notice(tabs[0]!)).toMatchObject({ ok: true });
      expect(await notice(tabs[1]!)).toMatchObject({ ok: true });
      for (const tab of [tabs[0]!, tabs[1]!]) {
        const refused = await notice(tab);
        expect(refused).toMatchObject({
          ok: false,
          error: { statusCode: 429, code: 'RATE_LIMITED' },
        });
        expect(refused.ok ? 0 : refused.error.retryAfter).toBeGreaterThan(0);
      }
    } finally {
      for (const tab of tabs) tab.close();
      await site.close();
      await redis.drop();
    }
  });
});

if (!redisServerUrl) console.warn(redisSkipReason);
