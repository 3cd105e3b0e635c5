import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialMessage } from '@confab/protocol/social-chat';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import {
  asRowCounts,
  contiguousSeq,
  expectStoredOnce,
  history,
  liveMessages,
  outgoing,
  resendUnacknowledged,
  rowCountsSql,
  send,
  settle,
  sleep,
  syncAfter,
  until,
  type Sent,
  type Tab,
} from './chat-traffic';
import { clusterSkipReason, startCluster, type Cluster, type ClusterUser } from './cluster';

const nodeCount = 2;
const pairCount = 100;
const trafficMs = 60_000;
/** The whole test, setup to checks: within CI's two minutes for this file, startup included. */
const testTimeoutMs = 110_000;
/** Kept for the end: re-sends, the last messages, the checks. Slow setup shortens the traffic. */
const wrapUpMs = 25_000;
/** Each person sends about one message every two seconds: 100 messages a second in all. */
const sendEveryMs = 2_000;
/** How often one connected tab, picked at random, is closed. */
const disconnectEveryMs = 250;
const pauseMs = { min: 200, max: 1_500 };
/** Acknowledgements can be slow on a loaded machine; one not back in time is retried later. */
const ackTimeoutMs = 10_000;
/** Room for a message stored just before a tab closed to be still on its way to it. */
const inTransitMs = 2_000;
const setupConcurrency = 8;

const randomInt = (below: number) => Math.floor(Math.random() * below);

/** One socket.io connection of a person, from its `connect` to its close. */
interface Connection {
  tab: Tab;
  openedAt: number;
  closedAt?: number;
}

/** A person with one tab that comes and goes, sending in their one chat. */
interface Person {
  user: ClusterUser;
  chatId: string;
  log: Sent[];
  connections: Connection[];
  /** Each `sync` answer with the cursor it was asked from. */
  syncs: { afterSeq: number; messages: SocialMessage[] }[];
  /** The open tab, once it has caught up and re-sent; undefined while away or reconnecting. */
  tab?: Tab;
}

/** Runs `work` on every item, at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/**
 * Everything of the person's chat they hold: live events of every connection, catch-ups, and
 * their own messages from the acknowledgements (the sending tab is not sent its own message).
 */
function holdings(person: Person): Map<string, SocialMessage> {
  const all = [
    ...person.connections.flatMap(({ tab }) => liveMessages(tab, person.chatId)),
    ...person.syncs.flatMap(({ messages }) => messages),
    ...person.log.flatMap(({ acked }) => (acked ? [acked] : [])),
  ];
  // The web app merges what it receives by message id.
  return new Map(all.map((message) => [message._id, message]));
}

describe.skipIf(clusterSkipReason)(
  'soak: two nodes, a few hundred clients coming and going',
  () => {
    let cluster: Cluster;
    let database: pg.Client;

    beforeAll(async () => {
      cluster = await startCluster(nodeCount);
      database = new pg.Client({ connectionString: cluster.databaseUrl });
      await database.connect();
    }, 60_000);
    afterAll(async () => {
      await database?.end();
      await cluster?.close();
    }, 30_000);

    it(
      'every acknowledged message is stored once, and each side ends up holding exactly the stored chat',
      async () => {
        const problems: string[] = [];
        const emitted = new Set<string>();
        const counts = { disconnects: 0, resent: 0, storedByFirstTry: 0 };
        const testStartedAt = Date.now();

        // Friends on different nodes, so most messages cross from one node to the other.
        const people = (
          await inParallel(
            Array.from({ length: pairCount }, (_, index) => index),
            setupConcurrency,
            (index) => cluster.friends([index % nodeCount, (index + 1) % nodeCount]),
          )
        ).flatMap(({ a, b, chatId }): Person[] =>
          [a, b].map((user) => ({ user, chatId, log: [], connections: [], syncs: [] })),
        );

        /** Re-sends what is unacknowledged, counting sends whose first try was stored unanswered. */
        const resend = async (person: Person, tab: Tab) => {
          const unanswered = person.log.filter((e) => !e.acked && emitted.has(e.clientId));
          const resentAt = Date.now();
          await resendUnacknowledged(tab, person.chatId, person.log, ackTimeoutMs);
          counts.resent += unanswered.length;
          counts.storedByFirstTry += unanswered.filter(
            (e) => Date.parse(e.acked!.timestamp) < resentAt,
          ).length;
        };

        /** Opens a tab, catches up from the last contiguous seq held, re-sends what is unacknowledged. */
        const connectTo = async (person: Person, node: number) => {
          const tab = await person.user.tab(node);
          person.connections.push({ tab, openedAt: Date.now() });
          const afterSeq = contiguousSeq([...holdings(person).values()].map((m) => m.seq));
          person.syncs.push({ afterSeq, messages: await syncAfter(tab, person.chatId, afterSeq) });
          await resend(person, tab);
          person.tab = tab;
        };
        await inParallel(people, setupConcurrency * 4, (person) =>
          connectTo(person, people.indexOf(person) % nodeCount),
        );
        const setupSeconds = (Date.now() - testStartedAt) / 1_000;

        /**
         * One new message. While away it waits in the log, unacknowledged, and goes out with the
         * re-sends after reconnecting, as the web app's outbox does.
         */
        const sendNext = (person: Person) => {
          const entry = outgoing(`${person.user.user.username} ${person.log.length}`);
          person.log.push(entry);
          const tab = person.tab;
          if (!tab?.connected) return;
          emitted.add(entry.clientId);
          const payload = {
            chatId: person.chatId,
            content: entry.content,
            clientId: entry.clientId,
          };
          tab
            .timeout(ackTimeoutMs)
            .emitWithAck('sendMessage', payload)
            .then(
              (reply: SocketAckReply<{ message: SocialMessage }>) => {
                if (reply.ok) entry.acked = reply.data.message;
                else problems.push(`send refused: ${JSON.stringify(reply.error)}`);
              },
              // No answer (closed tab, slow node): it stays unacknowledged and is re-sent later.
              () => undefined,
            );
        };

        const startedAt = Date.now();
        const endAt = Math.min(startedAt + trafficMs, testStartedAt + testTimeoutMs - wrapUpMs);
        // A steady rate per person, started at random moments so sends spread evenly over time.
        const senders = people.map((person) => {
          let timer: NodeJS.Timeout | undefined;
          const start = setTimeout(() => {
            sendNext(person);
            timer = setInterval(() => sendNext(person), sendEveryMs);
          }, randomInt(sendEveryMs));
          return () => {
            clearTimeout(start);
            clearInterval(timer);
          };
        });

        // Random disconnects: a tab closes, and after a short pause its person comes back on a
        // random node. Half of them close right after a send, whose answer is then never heard:
        // the server may or may not have stored it, and the re-send must not store it twice.
        const reconnecting = new Set<Promise<void>>();
        while (Date.now() < endAt) {
          await sleep(disconnectEveryMs);
          const present = people.filter((person) => person.tab);
          const person = present[randomInt(present.length)];
          if (!person) continue;
          if (Math.random() < 0.5) sendNext(person);
          person.tab!.close();
          person.connections.at(-1)!.closedAt = Date.now();
          person.tab = undefined;
          counts.disconnects += 1;
          const pause = pauseMs.min + randomInt(pauseMs.max - pauseMs.min);
          const back = sleep(pause)
            .then(() => connectTo(person, randomInt(nodeCount)))
            .catch((error: unknown) => void problems.push(String(error)))
            .finally(() => reconnecting.delete(back));
          reconnecting.add(back);
        }
        for (const stop of senders) stop();
        const trafficSeconds = (Date.now() - startedAt) / 1_000;
        while (reconnecting.size > 0) await Promise.all(reconnecting);
        expect(problems).toEqual([]);

        // Whatever is still unanswered goes again; then one last message from each person, which
        // both sides must receive live: whatever was stored before it has had its chance to arrive.
        const last = await Promise.all(
          people.map(async (person) => {
            await resend(person, person.tab!);
            const entry = outgoing(`${person.user.user.username} signs off`);
            person.log.push(entry);
            return (entry.acked = await send(person.tab!, person.chatId, entry, ackTimeoutMs));
          }),
        );
        for (const person of people) {
          const lastIds = last
            .filter((m) => m.chatId === person.chatId && m.sender !== person.user.user.id)
            .map((m) => m._id);
          await until(
            () =>
              lastIds.every((id) =>
                liveMessages(person.tab!, person.chatId).some((m) => m._id === id),
              ),
            () =>
              `the last messages of ${person.chatId} never reached ${person.user.user.username}`,
          );
        }
        await settle();
        const closedAt = Date.now();

        let stored = 0;
        let liveDeliveries = 0;
        let outOfOrder = 0;
        for (let index = 0; index < people.length; index += 2) {
          const pair = [people[index]!, people[index + 1]!];
          const chatId = pair[0]!.chatId;
          const chat = await history(pair[0]!.user, 0, chatId);
          expect(await history(pair[1]!.user, 1, chatId)).toEqual(chat);
          const { rows } = await database.query(rowCountsSql('$1'), [chatId]);
          expectStoredOnce(
            chat,
            pair.map((person) => person.log),
            asRowCounts(rows[0]),
          );
          stored += chat.length;

          for (const person of pair) {
            for (const { tab, openedAt, closedAt: end = closedAt } of person.connections) {
              const live = liveMessages(tab, chatId);
              liveDeliveries += live.length;
              outOfOrder += live.filter((m, i) => i > 0 && m.seq < live[i - 1]!.seq).length;
              // Never the same message twice on one connection, and each as it was stored.
              expect(new Set(live.map((m) => m._id)).size).toBe(live.length);
              for (const message of live) expect(message).toEqual(chat[message.seq - 1]);
              // Live delivery works while connected: what the partner stored after the tab opened,
              // and well before it closed, reached it live (sync alone would hide a broken
              // fan-out). The person's own messages came back in acknowledgements instead.
              const seen = new Set(live.map((m) => m._id));
              const due = chat.filter((m) => {
                const at = Date.parse(m.timestamp);
                return m.sender !== person.user.user.id && at > openedAt && at < end - inTransitMs;
              });
              expect(live.filter((m) => m.sender === person.user.user.id)).toEqual([]);
              expect(due.filter((m) => !seen.has(m._id))).toEqual([]);
            }
            // Each catch-up answered a stretch of the chat as stored, from its cursor.
            for (const { afterSeq, messages } of person.syncs) {
              expect(messages).toEqual(chat.slice(afterSeq, afterSeq + messages.length));
            }
            // The last catch-up, from the last contiguous seq held: then the person holds the chat.
            const held = holdings(person);
            const cursor = contiguousSeq([...held.values()].map((m) => m.seq));
            for (const m of await syncAfter(person.tab!, chatId, cursor)) held.set(m._id, m);
            expect([...held.values()].sort((x, y) => x.seq - y.seq)).toEqual(chat);
          }
        }
        const checkSeconds = (Date.now() - closedAt) / 1_000;
        console.log(
          `soak: ${stored} messages in ${pairCount} chats over ${nodeCount} nodes in ${trafficSeconds.toFixed(1)} s of traffic, ` +
            `${counts.disconnects} disconnects, ${counts.resent} re-sends (${counts.storedByFirstTry} already stored by the first try), ` +
            `${liveDeliveries} live deliveries (${outOfOrder} out of seq order); setup ${setupSeconds.toFixed(1)} s, checks ${checkSeconds.toFixed(1)} s`,
        );
      },
      testTimeoutMs,
    );
  },
);

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
