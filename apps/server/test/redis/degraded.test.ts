import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocialMessage } from '@confab/protocol/social-chat';
import { contactsAs } from '../helpers/contacts';
import { eventually } from '../helpers/mcp';
import { createScratchRedis, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy';
import { startSharedNodes } from '../helpers/shared-nodes';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { befriend, person, socialAs } from '../helpers/social-chat';
import { signUp } from '../helpers/users';

/**
 * Node B reaches Redis through a proxy the test cuts: a network partition between B and Redis,
 * while node A and everyone else using the shared Redis carry on.
 */
describe.skipIf(!redisServerUrl)('a node that loses Redis keeps serving its own users', () => {
  let redis: ScratchRedis;
  let proxy: RedisProxy;
  let site: Awaited<ReturnType<typeof startSharedNodes>>;
  let urls: string[];
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    proxy = await startRedisProxy(redis.url);
    site = await startSharedNodes(
      2,
      { ...redis, urlOfNode: (index) => (index === 1 ? proxy.url : redis.url) },
      { rateLimits: { loginFailuresPerAccount: 3, loginPerIpPerMinute: 3 } },
    );
    urls = await Promise.all(site.nodes.map((node) => listen(node.app)));
  });
  afterEach(() => {
    proxy.restore();
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await site?.close();
    await proxy?.close();
    await redis?.drop();
  });

  const nodeA = () => site.nodes[0]!.app;
  const nodeB = () => site.nodes[1]!.app;
  async function tab(nodeIndex: number, cookie: string) {
    const socket = await connect(urls[nodeIndex]!, { cookie });
    open.push(socket);
    return socket;
  }
  /** Until node B has noticed the outage (its next check, within a few seconds). */
  const untilBNotices = () => eventually(async () => !nodeB().redis!.isAvailable());

  it('delivers between users of the same node during the outage, and across nodes after it', async () => {
    const alice = await signUp(nodeB());
    const bob = await signUp(nodeB());
    const carol = await signUp(nodeA());
    const bobOnB = await tab(1, bob.cookie);

    proxy.cut();
    await untilBNotices();
    const sent = await contactsAs(nodeB(), alice.cookie).send(bob.user.username);
    expect((await bobOnB.next('newFriendMessage')).contact).toMatchObject({ id: sent.id });

    proxy.restore();
    // Bob's tab may have missed events from node A meanwhile: it is told to catch up.
    await bobOnB.next('catchUp');
    // Node B reads the stream again: a request sent through node A reaches Bob's tab on B.
    const fromCarol = await contactsAs(nodeA(), carol.cookie).send(bob.user.username);
    expect((await bobOnB.next('newFriendMessage')).contact).toMatchObject({ id: fromCarol.id });
  });

  it('chat messages sent to a node cut from Redis are caught up from the database', async () => {
    const alice = await person(nodeA());
    const bob = await person(nodeA());
    const { chatId } = await befriend(alice, bob);
    const bobOnB = await tab(1, bob.cookie);
    const live = () =>
      bobOnB.received
        .filter(({ event }) => event === 'new_message')
        .map(({ payload }) => (payload as { message: SocialMessage }).message.seq);

    proxy.cut();
    await untilBNotices();
    for (const content of ['one', 'two', 'three']) await alice.api.say(chatId, content);
    // Bob's own send through node B is stored and acknowledged: the database is not cut.
    const ack = await bobOnB.emitWithAck('sendMessage', {
      chatId,
      content: 'four',
      clientId: randomUUID(),
    });
    expect(ack).toMatchObject({ ok: true, data: { message: { seq: 4 } } });
    expect(live()).not.toContain(1); // Alice's messages cannot cross to node B now

    proxy.restore();
    await eventually(async () => nodeB().redis!.isAvailable());
    const caughtUp = await bobOnB.emitWithAck('sync', { cursors: [{ chatId, afterSeq: 0 }] });
    expect(caughtUp).toMatchObject({ ok: true });
    const synced = (caughtUp as { data: { messagesMap: Record<string, SocialMessage[]> } }).data
      .messagesMap[chatId]!;
    expect(synced.map((message) => message.content)).toEqual(['one', 'two', 'three', 'four']);

    // Live delivery across nodes is back.
    await alice.api.say(chatId, 'five');
    await eventually(async () => live().includes(5));
    // The adapter may replay, late and out of order, what node B missed: each came once, and
    // with the catch-up Bob holds every message (the client orders by seq).
    expect(new Set(live()).size).toBe(live().length);
    const held = new Set([...synced.map((message) => message.seq), ...live()]);
    expect([...held].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('tells idle tabs on the other node to catch up on what was sent through the cut node', async () => {
    const alice = await person(nodeA());
    const bob = await person(nodeA());
    const { chatId } = await befriend(alice, bob);
    const bobOnA = await tab(0, bob.cookie);
    const aliceOnB = await tab(1, alice.cookie);

    proxy.cut();
    await untilBNotices();
    // Stored, but its new_message reaches only node B's tabs: Bob's tab on A stays idle.
    await socialAs(nodeB(), alice.cookie).say(chatId, 'while cut');
    expect(await aliceOnB.next('newChatMessage')).toMatchObject({ message: { seq: 1 } });

    proxy.restore();
    // Bob's idle tab is told to catch up, and its catch-up brings the message.
    const heard = () => bobOnA.received.map(({ event }) => event);
    await eventually(async () => heard().includes('catchUp'));
    expect(heard()).not.toContain('new_message');
    const caughtUp = await bobOnA.emitWithAck('sync', { cursors: [{ chatId, afterSeq: 0 }] });
    const synced = (caughtUp as { data: { messagesMap: Record<string, SocialMessage[]> } }).data
      .messagesMap[chatId]!;
    expect(synced.map((message) => message.content)).toEqual(['while cut']);
    // Node B's own tab is told once too (it may have missed events from node A).
    await aliceOnB.next('catchUp');
    expect(aliceOnB.received.filter(({ event }) => event === 'catchUp')).toHaveLength(1);
  });

  it('signs people in during the outage, with account locks counted on the node', async () => {
    const dora = await signUp(nodeB());
    const erin = await signUp(nodeB());
    proxy.cut();
    const login = (username: string, password: string) =>
      nodeB().inject({ method: 'POST', url: '/api/_auth/login', payload: { username, password } });

    // Rate limits that cannot reach Redis are skipped: no request fails because of them.
    expect((await login(erin.user.username, erin.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(dora.user.username, 'wrong password')).statusCode).toBe(401);
    }
    // ...but the account lock still holds, on this node's memory.
    expect((await login(dora.user.username, dora.password)).statusCode).toBe(429);
    expect((await login(erin.user.username, erin.password)).statusCode).toBe(200);

    const sockets = await tab(1, erin.cookie);
    expect(sockets.connected).toBe(true);
  });

  it('answers requests that need no Redis while it is cut', async () => {
    const frank = await signUp(nodeB());
    proxy.cut();
    await untilBNotices();
    const session = await nodeB().inject({
      url: '/api/_auth/session',
      headers: { cookie: frank.cookie },
    });
    expect(session.statusCode).toBe(200);
    const list = await contactsAs(nodeB(), frank.cookie).listResponse();
    expect(list.statusCode).toBe(200);
  });
});
