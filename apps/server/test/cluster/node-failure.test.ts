import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialApiBase } from '@confab/protocol/envelope';
import {
  socialChatApiPaths,
  type SocialMessage,
  type SyncReply,
} from '@confab/protocol/social-chat';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import type { ClientSocket, Received } from '../helpers/sockets';
import { clusterSkipReason, startCluster, type Cluster, type ClusterUser } from './cluster';

// Senders start on the node that dies, receivers sit on a node that lives, and senders carry on
// through the third node, as they would behind a load balancer.
const DOOMED = 0;
const RECEIVERS = 1;
const SURVIVOR = 2;
const pairCount = 5;
const sendEveryMs = 10;

type Tab = ClientSocket & { received: Received[] };
type Ack<T> = SocketAckReply<T>;

/** One send as the sending client keeps it: its clientId is its identity across retries. */
interface Sent {
  clientId: string;
  content: string;
  acked?: SocialMessage;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends (or re-sends) one message and waits for its acknowledgement. */
async function send(tab: ClientSocket, chatId: string, entry: Sent): Promise<SocialMessage> {
  // The event map types the acknowledgement as optional, which socket.io reads as `any`.
  const reply = (await tab.timeout(5_000).emitWithAck('sendMessage', {
    chatId,
    content: entry.content,
    clientId: entry.clientId,
  })) as Ack<{ message: SocialMessage }>;
  if (!reply.ok) throw new Error(`send refused: ${JSON.stringify(reply.error)}`);
  return reply.data.message;
}

/**
 * Sends a new message every few milliseconds without waiting for acknowledgements, so some are
 * in flight whenever the node dies. Stops by itself when the tab disconnects.
 */
function sendContinuously(tab: Tab, chatId: string, log: Sent[]): void {
  const timer = setInterval(() => {
    if (!tab.connected) return;
    const entry: Sent = { clientId: randomUUID(), content: `message ${log.length}` };
    log.push(entry);
    tab.emit(
      'sendMessage',
      { chatId, content: entry.content, clientId: entry.clientId },
      (reply) => {
        if (reply.ok) entry.acked = reply.data.message;
      },
    );
  }, sendEveryMs);
  tab.once('disconnect', () => clearInterval(timer));
}

/** The live `newChatMessage`s of one chat a tab received, in arrival order. */
const liveMessages = (tab: Tab, chatId: string) =>
  tab.received
    .filter((entry) => entry.event === 'newChatMessage')
    .map((entry) => (entry.payload as { message: SocialMessage }).message)
    .filter((message) => message.chatId === chatId);

/** The whole history of a chat through the REST API, oldest first, page by page. */
async function history(user: ClusterUser, chatId: string): Promise<SocialMessage[]> {
  const all: SocialMessage[] = [];
  for (;;) {
    const afterSeq = all.at(-1)?.seq ?? 0;
    const path = `${socialApiBase}${socialChatApiPaths.messages(chatId)}?afterSeq=${afterSeq}&limit=100`;
    const page = await user.request<{ data: { messages: SocialMessage[]; hasMore: boolean } }>(
      RECEIVERS,
      'GET',
      path,
    );
    expect(page.status).toBe(200);
    all.push(...page.body.data.messages);
    if (!page.body.data.hasMore) return all;
  }
}

/** The client's catch-up: `sync` from a cursor until the server says nothing more remains. */
async function syncAfter(tab: Tab, chatId: string, afterSeq: number): Promise<SocialMessage[]> {
  const all: SocialMessage[] = [];
  for (;;) {
    const cursor = all.at(-1)?.seq ?? afterSeq;
    const reply = (await tab
      .timeout(5_000)
      .emitWithAck('sync', { cursors: [{ chatId, afterSeq: cursor }] })) as Ack<SyncReply>;
    if (!reply.ok) throw new Error(`sync refused: ${JSON.stringify(reply.error)}`);
    all.push(...(reply.data.messagesMap[chatId] ?? []));
    if (!reply.data.hasMore) return all;
  }
}

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
    const logs = pairs.map(() => [] as Sent[]);
    const gone = pairs.map(
      ({ sender }) => new Promise((resolve) => sender.once('disconnect', resolve)),
    );
    pairs.forEach(({ sender, chatId }, index) => sendContinuously(sender, chatId, logs[index]!));

    await sleep(1_000);
    expect(await cluster.nodes[DOOMED]!.stop('SIGKILL')).toBeNull();
    // The node has exited: every message it stored carries an earlier time than this.
    const deadAt = Date.now();
    await Promise.all(gone);
    const ackedBeforeKill = logs.map((log) => log.filter((e) => e.acked).length);

    // Each sender opens a tab on a living node, re-sends what was never acknowledged with the
    // same clientId (stored at most once, whatever the dead node did), then sends a few more.
    const lastSent = await Promise.all(
      pairs.map(async ({ a, chatId }, index) => {
        const log = logs[index]!;
        const tab = await a.tab(SURVIVOR);
        // An acknowledgement lost with the node, made certain: the message the dead node stored
        // last is sent again, and the answer is the message stored then, not a second one.
        const storedByDead = log.findLast((e) => e.acked)!;
        expect(await send(tab, chatId, storedByDead)).toEqual(storedByDead.acked);
        for (const entry of log.filter((e) => !e.acked)) {
          entry.acked = await send(tab, chatId, entry);
        }
        for (let more = 0; more < 3; more += 1) {
          const entry: Sent = { clientId: randomUUID(), content: `after the kill ${more}` };
          log.push(entry);
          entry.acked = await send(tab, chatId, entry);
        }
        return log.at(-1)!.acked!;
      }),
    );
    // The last message reached each receiver: events before it had every chance to.
    for (const [index, { receiver, chatId }] of pairs.entries()) {
      const deadline = Date.now() + 5_000;
      while (!liveMessages(receiver, chatId).some((m) => m._id === lastSent[index]!._id)) {
        if (Date.now() > deadline) throw new Error(`the last message never reached ${chatId}`);
        await sleep(20);
      }
    }
    await sleep(300);

    for (const [index, { a, chatId, receiver }] of pairs.entries()) {
      const log = logs[index]!;
      // The dead node was serving this sender: the kill came in the middle of the sends.
      expect(ackedBeforeKill[index]).toBeGreaterThan(0);
      const stored = await history(a, chatId);

      // Stored once: the chat's numbers run 1..n with no gap, and its clientIds are exactly
      // those the sender sent (all acknowledged by now), each once.
      expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
      expect(stored.map((m) => m.clientId).sort()).toEqual(log.map((e) => e.clientId).sort());
      const byClientId = new Map(stored.map((m) => [m.clientId, m]));
      for (const entry of log) {
        const row = byClientId.get(entry.clientId)!;
        expect(entry.acked).toMatchObject({ _id: row._id, seq: row.seq });
      }
      // The same straight from the table: paging by seq could hide a second row of one seq.
      const { rows } = await database.query<{ rows: string; seqs: string; ids: string }>(
        `select count(*) as rows, count(distinct seq) as seqs, count(distinct client_id) as ids
           from messages where chat_id = $1`,
        [chatId],
      );
      expect(rows[0]).toEqual({
        rows: `${log.length}`,
        seqs: `${log.length}`,
        ids: `${log.length}`,
      });

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
      let held = 0;
      while (seen.has(held + 1)) held += 1;
      const caughtUp = await syncAfter(receiver, chatId, held);
      expect(caughtUp).toEqual(stored.slice(held));
      const merged = new Map([...live, ...caughtUp].map((m) => [m.seq, m]));
      expect([...merged.values()].sort((x, y) => x.seq - y.seq)).toEqual(stored);
    }
  }, 60_000);
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
