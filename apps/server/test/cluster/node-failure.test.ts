import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asRowCounts,
  contiguousSeq,
  expectStoredOnce,
  history,
  liveMessages,
  resumeSending,
  rowCountsSql,
  sendContinuously,
  settle,
  syncAfter,
  until,
  whileSending,
  type Sent,
} from './chat-traffic';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

// Senders start on the node that dies, receivers sit on a node that lives, and senders carry on
// through the third node, as they would behind a load balancer.
const DOOMED = 0;
const RECEIVERS = 1;
const SURVIVOR = 2;
const pairCount = 5;

describe.skipIf(clusterSkipReason)('a server process killed while its clients send', () => {
  let cluster: Cluster;
  let database: pg.Client;

  beforeAll(async () => {
    // Each sender sends about a hundred messages a second; the per-user allowance is not the
    // subject here.
    cluster = await startCluster(3, { env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '100000' } });
    database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
  }, 90_000);
  afterAll(async () => {
    await database?.end();
    await cluster?.close();
  }, 30_000);

  it('SIGKILL of a node while its clients send: every acknowledged message is stored once and delivered once, in order', async () => {
    const pairs = await Promise.all(
      Array.from({ length: pairCount }, async () => {
        const { a, b, chatId } = await cluster.friends([DOOMED, RECEIVERS]);
        return { a, chatId, receiver: await b.tab(RECEIVERS), sender: await a.tab(DOOMED) };
      }),
    );
    const logs = pairs.map((): Sent[] => []);
    const gone = pairs.map(
      ({ sender }) => new Promise((resolve) => sender.once('disconnect', resolve)),
    );
    pairs.forEach(({ sender, chatId }, index) => sendContinuously(sender, chatId, logs[index]!));

    await whileSending(logs);
    expect(await cluster.nodes[DOOMED]!.stop('SIGKILL')).toBeNull();
    // The node has exited: every message it stored carries an earlier time than this.
    const deadAt = Date.now();
    await Promise.all(gone);
    const ackedBeforeKill = logs.map((log) => log.filter((e) => e.acked).length);

    // Each sender opens a tab on a living node, re-sends what was never acknowledged with the
    // same clientId (stored at most once, whatever the dead node did), then sends a few more.
    const lastSent = await Promise.all(
      pairs.map(async ({ a, chatId }, index) => {
        const tab = await a.tab(SURVIVOR);
        return resumeSending(tab, chatId, logs[index]!, 'after the kill');
      }),
    );
    // The last message reached each receiver: events before it had every chance to.
    for (const [index, { receiver, chatId }] of pairs.entries()) {
      await until(
        () => liveMessages(receiver, chatId).some((m) => m._id === lastSent[index]!._id),
        () => `the last message never reached ${chatId}`,
      );
    }
    await settle();

    for (const [index, { a, chatId, receiver }] of pairs.entries()) {
      const log = logs[index]!;
      // The dead node was serving this sender: the kill came in the middle of the sends.
      expect(ackedBeforeKill[index]).toBeGreaterThan(0);
      // Stored once: seqs 1..n, each clientId the sender sent exactly once, in the table too.
      const stored = await history(a, RECEIVERS, chatId);
      const { rows } = await database.query(rowCountsSql('$1'), [chatId]);
      expectStoredOnce(stored, [log], asRowCounts(rows[0]));

      // Delivered once, in order: the receiver's live events are distinct, in seq order, and
      // each is the stored message. A message whose event died with the node leaves a gap.
      const live = liveMessages(receiver, chatId);
      expect(new Set(live.map((m) => m._id)).size).toBe(live.length);
      expect(live.map((m) => m.seq)).toEqual([...live.map((m) => m.seq)].sort((x, y) => x - y));
      for (const message of live) expect(message).toEqual(stored[message.seq - 1]);

      // Only events that died with the node may be missing: whatever the living nodes stored
      // (stamped after the node exited, on this machine's one clock) reached the receiver live.
      const seen = new Set(live.map((m) => m.seq));
      const storedAfterKill = stored.filter((m) => Date.parse(m.timestamp) > deadAt);
      expect(storedAfterKill.length).toBeGreaterThanOrEqual(3);
      for (const message of storedAfterKill) expect(seen).toContain(message.seq);

      // The catch-up of a client that noticed a gap (or none): sync from the last number it
      // holds without one missing before it. With the live events it is the whole chat.
      const held = contiguousSeq(seen);
      const caughtUp = await syncAfter(receiver, chatId, held);
      expect(caughtUp).toEqual(stored.slice(held));
      const merged = new Map([...live, ...caughtUp].map((m) => [m.seq, m]));
      expect([...merged.values()].sort((x, y) => x.seq - y.seq)).toEqual(stored);
    }
  }, 60_000);
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
