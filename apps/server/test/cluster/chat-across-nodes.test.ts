import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialMessage } from '@confab/protocol/social-chat';
import type { ServerToClientEvents, SocketAckReply } from '@confab/protocol/socket-events';
import type { ClientSocket, Received } from '../helpers/sockets';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;

type Tab = ClientSocket & { received: Received[] };

/** Sends through a tab's socket and resolves with the stored message of the acknowledgement. */
async function send(tab: ClientSocket, chatId: string, content: string): Promise<SocialMessage> {
  const clientId = randomUUID();
  // The event map types the acknowledgement as optional, which socket.io reads as `any`.
  const reply = (await tab
    .timeout(5_000)
    .emitWithAck('sendMessage', { chatId, content, clientId })) as SocketAckReply<{
    message: SocialMessage;
  }>;
  if (!reply.ok) throw new Error(`send refused: ${JSON.stringify(reply.error)}`);
  expect(reply.data.message).toMatchObject({ chatId, content, clientId });
  return reply.data.message;
}

/** Every payload of one event a tab received so far, in arrival order. */
const payloadsOf = <E extends keyof ServerToClientEvents>(tab: Tab, event: E) =>
  tab.received
    .filter((entry) => entry.event === event)
    .map((entry) => entry.payload as Parameters<ServerToClientEvents[E]>[0]);

/**
 * Waits until a tab holds `count` events of one name. Not `next()`: it fails on any other event
 * in between, and which other events a tab sees is not what these tests are about.
 */
async function received<E extends keyof ServerToClientEvents>(
  tab: Tab,
  event: E,
  count = 1,
  timeoutMs = 5_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (payloadsOf(tab, event).length < count) {
    if (Date.now() > deadline) {
      throw new Error(`${count} ${event} expected, got ${JSON.stringify(tab.received)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return payloadsOf(tab, event);
}

/** Lets events still travelling through Redis land, so a test can show none more came. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.skipIf(clusterSkipReason)('one-to-one chat across two server processes', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('a message sent through node A reaches the receiver’s tabs on node B (and on A)', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bOnB = await b.tab(B);
    const bOnA = await b.tab(A);
    const aOnA = await a.tab(A);
    const aOnB = await a.tab(B);

    const message = await send(aOnA, chatId, 'hello across nodes');
    expect(message).toMatchObject({ seq: 1, sender: a.user.id, isRead: false });

    // The receiver's every tab, wherever it is connected, gets the stored message and the chat
    // list notice with its unread count.
    for (const tab of [bOnB, bOnA]) {
      expect(await received(tab, 'newChatMessage')).toEqual([{ message }]);
      expect(await received(tab, 'new_message')).toEqual([{ chatId, unread: 1, message }]);
    }
    // The server sends newChatMessage to the sender's user room: the sending tab hears its own
    // message too, the other tab as well; new_message (an unread count) is for receivers only.
    for (const tab of [aOnA, aOnB]) {
      expect(await received(tab, 'newChatMessage')).toEqual([{ message }]);
    }
    await settle();
    for (const tab of [bOnB, bOnA, aOnA, aOnB]) {
      expect(payloadsOf(tab, 'newChatMessage')).toHaveLength(1);
    }
    for (const tab of [aOnA, aOnB]) expect(payloadsOf(tab, 'new_message')).toEqual([]);
  });

  it('20 messages sent in a burst through node A arrive at node B in seq order, each once', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bOnB = await b.tab(B);
    const aOnA = await a.tab(A);

    // All twenty in flight at once: the server, not the client, decides their order.
    const acked = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(aOnA, chatId, `burst ${index}`)),
    );
    expect(acked.map((message) => message.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );

    const bySeq = [...acked].sort((x, y) => x.seq - y.seq);
    const arrived = await received(bOnB, 'newChatMessage', 20);
    expect(arrived.map(({ message }) => message)).toEqual(bySeq);
    await settle();
    expect(payloadsOf(bOnB, 'newChatMessage')).toHaveLength(20);
  });
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
