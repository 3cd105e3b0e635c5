import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths, type Presence } from '@confab/protocol/social-chat';
import { eventually } from '../helpers/mcp';
import type { Received } from '../helpers/sockets';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;
const presencePath = (userId: string) => `${socialApiBase}${socialChatApiPaths.presence(userId)}`;

/**
 * The tab's `typing` events so far, waiting for at least `count`. The befriending's
 * `chatUpdated` crosses Redis and may reach a tab opened just after it, so the events are read
 * by name rather than in the strict order of `next`.
 */
async function typingEvents(tab: { received: Received[] }, count: number) {
  const typing = () => tab.received.filter(({ event }) => event === 'typing');
  await eventually(async () => typing().length >= count);
  return typing().map(({ payload }) => payload);
}

describe.skipIf(clusterSkipReason)('presence and typing across two server processes', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('a user with tabs on both nodes is online until the last tab leaves, whichever node it is on', async () => {
    const { a, b } = await cluster.friends([A, B]);
    const bobOnB = await b.tab(B);

    const aliceOnA = await a.tab(A);
    expect(await bobOnB.next('presence')).toMatchObject({ userId: a.user.id, isOnline: true });
    const aliceOnB = await a.tab(B);

    // Closing the tab on A leaves Alice online through her tab on B: no announcement.
    aliceOnA.close();
    const asSeenFrom = async (node: number) =>
      (await b.request<{ data: Presence }>(node, 'GET', presencePath(a.user.id))).body.data;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await asSeenFrom(A)).toMatchObject({ isOnline: true });
    expect(await asSeenFrom(B)).toMatchObject({ isOnline: true });

    aliceOnB.close();
    expect(await bobOnB.next('presence')).toMatchObject({ userId: a.user.id, isOnline: false });
    expect(bobOnB.presence).toHaveLength(2);
    expect(await asSeenFrom(A)).toMatchObject({ isOnline: false, lastSeen: expect.any(String) });
  });

  it('flips decided on either node are versioned in their order: a client can drop one that comes late', async () => {
    const { a, b } = await cluster.friends([A, B]);
    const bobOnB = await b.tab(B);
    // Alice reloads back and forth between the nodes: each tab opens, then the other closes.
    let open = await a.tab(A);
    for (let reload = 1; reload <= 6; reload += 1) {
      const next = await a.tab(reload % 2 ? B : A);
      open.close();
      open = next;
    }
    open.close();
    const asSeenFrom = async (node: number) =>
      (await b.request<{ data: Presence }>(node, 'GET', presencePath(a.user.id))).body.data;
    // With the befriending's notice (Alice offline), which may cross Redis after Bob's tab opened.
    const heard = () =>
      bobOnB.presence
        .map(({ payload }) => payload as Presence)
        .filter((p) => p.userId === a.user.id);
    // A tab is counted after its connection opens: the last flip is the one every node gives
    // once Alice is offline and Bob heard it.
    let last: Presence | undefined;
    await eventually(async () => {
      last = await asSeenFrom(A);
      return !last.isOnline && heard().some((p) => p.version === last!.version);
    });
    // In the order of their versions, the announcements alternate, as flips do, whatever
    // order they arrived in; the highest is the state every node now gives.
    const byVersion = [...heard()].sort((x, y) => x.version - y.version);
    expect(new Set(byVersion.map((p) => p.version)).size).toBe(byVersion.length);
    expect(byVersion.length).toBeGreaterThanOrEqual(2);
    byVersion.slice(1).forEach((p, index) => expect(p.isOnline).toBe(!byVersion[index]!.isOnline));
    expect(byVersion.at(-1)).toEqual(last);
    bobOnB.close();
  }, 20_000);

  it('typing through node A shows on node B, and ends there when it expires', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bobOnB = await b.tab(B);
    await bobOnB.emitWithAck('join_chats', { chatIds: [chatId] });
    const aliceOnA = await a.tab(A);

    aliceOnA.emit('typing', { chatId, isTyping: true });
    expect((await typingEvents(bobOnB, 1))[0]).toMatchObject({
      chatId,
      userId: a.user.id,
      isTyping: true,
    });
    // Nobody renews it: it expires after a few seconds, announced once.
    expect((await typingEvents(bobOnB, 2))[1]).toMatchObject({
      userId: a.user.id,
      isTyping: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(bobOnB.received.filter(({ event }) => event === 'typing')).toHaveLength(2);
    aliceOnA.close();
    bobOnB.close();
  }, 20_000);

  it('typing started through node A ends as soon as the message is sent through node B', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bobOnB = await b.tab(B);
    await bobOnB.emitWithAck('join_chats', { chatIds: [chatId] });
    const aliceOnA = await a.tab(A);
    const aliceOnB = await a.tab(B);

    aliceOnA.emit('typing', { chatId, isTyping: true });
    expect((await typingEvents(bobOnB, 1))[0]).toMatchObject({ isTyping: true });
    const send = (content: string) =>
      aliceOnB.emitWithAck('sendMessage', { chatId, content, clientId: crypto.randomUUID() });
    await send('first');
    await send('second');
    // Bob sees: first message, typing over, second message; not a stale indicator left
    // running on node A until it expires.
    const seen = async () =>
      bobOnB.received
        .filter(({ event }) => event === 'typing' || event === 'new_message')
        .map(({ event, payload }) =>
          event === 'typing'
            ? `typing:${(payload as { isTyping: boolean }).isTyping}`
            : (payload as { message: { content: string } }).message.content,
        );
    await eventually(async () => (await seen()).length >= 4);
    expect(await seen()).toEqual(['typing:true', 'first', 'typing:false', 'second']);
    for (const tab of [aliceOnA, aliceOnB, bobOnB]) tab.close();
  }, 20_000);
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
