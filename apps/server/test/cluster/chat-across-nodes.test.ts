import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoing, payloadsOf, received, send, settle } from './chat-traffic';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;

describe.skipIf(clusterSkipReason)('one-to-one chat across two server processes', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('a message sent through node A reaches the receiver’s tabs on node B (and on A), and the sender’s other tab', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bOnB = await b.tab(B);
    const bOnA = await b.tab(A);
    const aOnA = await a.tab(A);
    const aOnB = await a.tab(B);

    const message = await send(aOnA, chatId, outgoing('hello across nodes'));
    expect(message).toMatchObject({ seq: 1, sender: a.user.id, isRead: false });

    // The receiver's every tab, wherever it is connected, gets the stored message with its
    // unread count, once.
    for (const tab of [bOnB, bOnA]) {
      expect(await received(tab, 'new_message')).toEqual([{ chatId, unread: 1, message }]);
    }
    // The sender's other tab, on the other node, hears it too. The sending tab has it in its
    // acknowledgement and is not sent it again; new_message (with an unread count) is for
    // receivers.
    expect(await received(aOnB, 'newChatMessage')).toEqual([{ message }]);
    await settle();
    for (const tab of [bOnB, bOnA]) {
      expect(payloadsOf(tab, 'new_message')).toHaveLength(1);
      expect(payloadsOf(tab, 'newChatMessage')).toEqual([]);
    }
    expect(payloadsOf(aOnB, 'newChatMessage')).toHaveLength(1);
    expect(payloadsOf(aOnA, 'newChatMessage')).toEqual([]);
    for (const tab of [aOnA, aOnB]) expect(payloadsOf(tab, 'new_message')).toEqual([]);
  });

  it('20 messages sent in a burst through node A arrive at node B in seq order, each once', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    const bOnB = await b.tab(B);
    const aOnA = await a.tab(A);

    // All twenty in flight at once: the server, not the client, decides their order.
    const acked = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(aOnA, chatId, outgoing(`burst ${index}`))),
    );
    expect(acked.map((message) => message.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );

    const bySeq = [...acked].sort((x, y) => x.seq - y.seq);
    const arrived = await received(bOnB, 'new_message', 20);
    expect(arrived.map(({ message }) => message)).toEqual(bySeq);
    await settle();
    expect(payloadsOf(bOnB, 'new_message')).toHaveLength(20);
  });
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
