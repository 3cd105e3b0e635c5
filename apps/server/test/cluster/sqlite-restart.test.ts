import { join } from 'node:path';
import SQLite from 'better-sqlite3';
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
  type Tab,
} from './chat-traffic';
import { startSqliteSite, type SqliteSite } from './cluster';

const NODE = 0;
const pairCount = 5;

describe('the only node of an embedded-SQLite site restarted', () => {
  let site: SqliteSite;

  beforeAll(async () => {
    // Each sender sends about a hundred messages a second; the per-user allowance is not the
    // subject here.
    site = await startSqliteSite({ env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(() => site?.close(), 30_000);

  it('restarting the only node of an embedded-SQLite site mid-run loses nothing acknowledged', async () => {
    const pairs = await Promise.all(
      Array.from({ length: pairCount }, async () => {
        const { a, b, chatId } = await site.friends([NODE, NODE]);
        const receiverTabs: Tab[] = [await b.tab(NODE)];
        return { a, b, chatId, receiverTabs, sender: await a.tab(NODE), log: [] as Sent[] };
      }),
    );
    const gone = pairs.flatMap(({ sender, receiverTabs }) =>
      [sender, receiverTabs[0]!].map(
        (tab) => new Promise((resolve) => tab.once('disconnect', resolve)),
      ),
    );
    for (const { sender, chatId, log } of pairs) sendContinuously(sender, chatId, log);

    await whileSending(pairs.map(({ log }) => log));
    expect(await site.nodes[NODE]!.stop('SIGKILL')).toBeNull();
    await Promise.all(gone);
    const ackedBeforeKill = pairs.map(({ log }) => log.filter((e) => e.acked));
    const inFlightAtKill = pairs.map(({ log }) => log.filter((e) => !e.acked));

    await site.restart();

    // Nothing acknowledged is lost: before anyone re-sends, every acknowledged message is
    // stored under its own id and seq. SQLite commits before the acknowledgement goes out.
    let storedWithoutAck = 0;
    for (const [index, { b, chatId }] of pairs.entries()) {
      expect(ackedBeforeKill[index]!.length).toBeGreaterThan(0);
      const stored = new Map((await history(b, NODE, chatId)).map((m) => [m.clientId, m]));
      for (const entry of ackedBeforeKill[index]!) {
        expect(stored.get(entry.clientId)).toMatchObject({
          _id: entry.acked!._id,
          seq: entry.acked!.seq,
        });
      }
      storedWithoutAck += inFlightAtKill[index]!.filter((e) => stored.has(e.clientId)).length;
    }

    // Receivers come back first and catch up from the last seq they hold without a gap, as the
    // web app does after reconnecting; every message stored from now on must reach them live.
    const caughtUpOnReconnect = await Promise.all(
      pairs.map(async ({ b, chatId, receiverTabs }) => {
        const heldSeqs = liveMessages(receiverTabs[0]!, chatId).map((m) => m.seq);
        const tab = await b.tab(NODE);
        receiverTabs.push(tab);
        return syncAfter(tab, chatId, contiguousSeq(heldSeqs));
      }),
    );
    const receiversBackAt = Date.now();

    // Senders re-send what was never acknowledged with the same clientId (stored at most once,
    // whatever the killed process had committed), then a few more.
    const lastSent = await Promise.all(
      pairs.map(async ({ a, chatId, log }) => {
        const tab = await a.tab(NODE);
        return resumeSending(tab, chatId, log, 'after the restart');
      }),
    );
    for (const [index, { receiverTabs, chatId }] of pairs.entries()) {
      await until(
        () => liveMessages(receiverTabs[1]!, chatId).some((m) => m._id === lastSent[index]!._id),
        () => `the last message never reached ${chatId}`,
      );
    }
    await settle();

    const database = new SQLite(join(site.nodes[NODE]!.dataDir, 'confab.db'), { readonly: true });
    try {
      for (const [index, { b, chatId, log, receiverTabs }] of pairs.entries()) {
        // Stored once: seqs 1..n, each clientId the sender sent exactly once, in the table too.
        const stored = await history(b, NODE, chatId);
        const counts = database.prepare(rowCountsSql('?')).get(chatId) as Record<string, unknown>;
        expectStoredOnce(stored, [log], asRowCounts(counts));

        // Each tab got each live message at most once, and as it was stored.
        for (const tab of receiverTabs) {
          const live = liveMessages(tab, chatId);
          expect(new Set(live.map((m) => m._id)).size).toBe(live.length);
          for (const message of live) expect(message).toEqual(stored[message.seq - 1]);
        }
        const [before, after] = receiverTabs.map((tab) => liveMessages(tab, chatId));
        const seenAfter = new Set(after!.map((m) => m.seq));
        for (const message of stored.filter((m) => Date.parse(m.timestamp) > receiversBackAt)) {
          expect(seenAfter).toContain(message.seq);
        }

        // What the receiver holds, merged by id as the web app does, after a last catch-up from
        // its contiguous seq: exactly the stored chat.
        const held = new Map(
          [...before!, ...caughtUpOnReconnect[index]!, ...after!].map((m) => [m._id, m]),
        );
        const cursor = contiguousSeq([...held.values()].map((m) => m.seq));
        for (const m of await syncAfter(receiverTabs[1]!, chatId, cursor)) held.set(m._id, m);
        expect([...held.values()].sort((x, y) => x.seq - y.seq)).toEqual(stored);
      }
    } finally {
      database.close();
    }
    const count = (lists: Sent[][]) => lists.reduce((sum, list) => sum + list.length, 0);
    console.log(
      `sqlite restart: ${count(pairs.map((p) => p.log))} messages, ${count(ackedBeforeKill)} acknowledged before the kill, ${count(inFlightAtKill)} in flight (${storedWithoutAck} of them stored without an acknowledgement)`,
    );
  }, 60_000);
});
