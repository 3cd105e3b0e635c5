import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { socialApiBase } from '@confab/protocol/envelope';
import {
  socialChatApiPaths,
  type SocialMessage,
  type SyncReply,
} from '@confab/protocol/social-chat';
import type { ServerToClientEvents, SocketAckReply } from '@confab/protocol/socket-events';
import type { ClusterUser } from './cluster';

/**
 * Chat traffic as the web app makes it, for the cluster suites: sends keyed by clientId,
 * reading what a tab received, catching up with `sync`, and reading back what was stored.
 */

/** A tab of helpers/sockets: a socket.io client that records every event it receives. */
export type Tab = Awaited<ReturnType<ClusterUser['tab']>>;

/** One send as the sending client keeps it: its clientId is its identity across retries. */
export interface Sent {
  clientId: string;
  content: string;
  /** The stored message, once an acknowledgement said so. */
  acked?: SocialMessage;
}

export const outgoing = (content: string): Sent => ({ clientId: randomUUID(), content });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets events still travelling between nodes land, so a test can show none more came. */
export const settle = () => sleep(300);

/**
 * Sends (or re-sends) one message through a tab and resolves with the stored message of its
 * acknowledgement; a refusal or no answer in time is an error.
 */
export async function send(
  tab: Tab,
  chatId: string,
  entry: Sent,
  timeoutMs = 5_000,
): Promise<SocialMessage> {
  // The event map types the acknowledgement as optional, which socket.io reads as `any`.
  const reply = (await tab.timeout(timeoutMs).emitWithAck('sendMessage', {
    chatId,
    content: entry.content,
    clientId: entry.clientId,
  })) as SocketAckReply<{ message: SocialMessage }>;
  if (!reply.ok) throw new Error(`send refused: ${JSON.stringify(reply.error)}`);
  expect(reply.data.message).toMatchObject({
    chatId,
    content: entry.content,
    clientId: entry.clientId,
  });
  return reply.data.message;
}

/** Re-sends, with the same clientId, every entry of a log not yet acknowledged, one by one. */
export async function resendUnacknowledged(
  tab: Tab,
  chatId: string,
  log: Sent[],
  timeoutMs?: number,
): Promise<void> {
  for (const entry of log.filter((e) => !e.acked)) {
    entry.acked = await send(tab, chatId, entry, timeoutMs);
  }
}

/**
 * Picks up after a failure on a new tab: the last acknowledged message is sent again and must
 * come back as the one stored then (an acknowledgement lost with a node, made certain), the
 * unacknowledged ones are re-sent with their clientIds, then three new ones are sent. The last
 * message stored.
 */
export async function resumeSending(
  tab: Tab,
  chatId: string,
  log: Sent[],
  label: string,
): Promise<SocialMessage> {
  const lastAcked = log.findLast((e) => e.acked)!;
  expect(await send(tab, chatId, lastAcked)).toEqual(lastAcked.acked);
  await resendUnacknowledged(tab, chatId, log);
  for (let more = 0; more < 3; more += 1) {
    const entry = outgoing(`${label} ${more}`);
    log.push(entry);
    entry.acked = await send(tab, chatId, entry);
  }
  return log.at(-1)!.acked!;
}

/**
 * Sends a new message every few milliseconds without waiting for acknowledgements, so some are
 * in flight whenever a node dies. Stops by itself when the tab disconnects.
 */
export function sendContinuously(tab: Tab, chatId: string, log: Sent[], everyMs = 10): void {
  const timer = setInterval(() => {
    if (!tab.connected) return;
    const entry = outgoing(`message ${log.length}`);
    log.push(entry);
    tab.emit(
      'sendMessage',
      { chatId, content: entry.content, clientId: entry.clientId },
      (reply) => {
        if (reply.ok) entry.acked = reply.data.message;
      },
    );
  }, everyMs);
  tab.once('disconnect', () => clearInterval(timer));
}

/** Every payload of one event a tab received so far, in arrival order. */
export const payloadsOf = <E extends keyof ServerToClientEvents>(tab: Tab, event: E) =>
  tab.received
    .filter((entry) => entry.event === event)
    .map((entry) => entry.payload as Parameters<ServerToClientEvents[E]>[0]);

/**
 * The messages of one chat a tab received live, in arrival order: others' as `new_message`,
 * the user's own from their other tabs as `newChatMessage`.
 */
export const liveMessages = (tab: Tab, chatId: string) =>
  tab.received
    .filter((entry) => entry.event === 'new_message' || entry.event === 'newChatMessage')
    .map((entry) => (entry.payload as { message: SocialMessage }).message)
    .filter((message) => message.chatId === chatId);

/**
 * Lets senders run until each has had a few messages acknowledged, then a moment more so that
 * others are in flight: a fixed pause is not enough on a busy machine, where a node may answer
 * nothing for a second.
 */
export async function whileSending(logs: Sent[][]): Promise<void> {
  const acked = (log: Sent[]) => log.filter((entry) => entry.acked).length;
  await until(
    () => logs.every((log) => acked(log) >= 5),
    () => `acknowledged so far: ${logs.map(acked).join(', ')}`,
    30_000,
  );
  await sleep(300);
}

/** Polls until `ready()` holds; after `timeoutMs` fails with what was awaited. */
export async function until(
  ready: () => boolean,
  what: () => string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await sleep(10);
  }
}

/**
 * Waits until a tab holds `count` events of one name. Not `next()`: it fails on any other event
 * in between, and which other events a tab sees is not what these tests are about.
 */
export async function received<E extends keyof ServerToClientEvents>(
  tab: Tab,
  event: E,
  count = 1,
  timeoutMs = 5_000,
) {
  await until(
    () => payloadsOf(tab, event).length >= count,
    () => `${count} ${event} expected, got ${JSON.stringify(tab.received)}`,
    timeoutMs,
  );
  return payloadsOf(tab, event);
}

/** The whole history of a chat as one user reads it through the REST API, oldest first. */
export async function history(
  user: ClusterUser,
  node: number,
  chatId: string,
): Promise<SocialMessage[]> {
  const all: SocialMessage[] = [];
  for (;;) {
    const afterSeq = all.at(-1)?.seq ?? 0;
    const path = `${socialApiBase}${socialChatApiPaths.messages(chatId)}?afterSeq=${afterSeq}&limit=100`;
    const page = await user.request<{ data: { messages: SocialMessage[]; hasMore: boolean } }>(
      node,
      'GET',
      path,
    );
    expect(page.status).toBe(200);
    all.push(...page.body.data.messages);
    if (!page.body.data.hasMore) return all;
  }
}

/** The client's catch-up: `sync` from a cursor until the server says nothing more remains. */
export async function syncAfter(
  tab: Tab,
  chatId: string,
  afterSeq: number,
): Promise<SocialMessage[]> {
  const all: SocialMessage[] = [];
  for (;;) {
    const cursor = all.at(-1)?.seq ?? afterSeq;
    const reply = (await tab.timeout(5_000).emitWithAck('sync', {
      cursors: [{ chatId, afterSeq: cursor }],
    })) as SocketAckReply<SyncReply>;
    if (!reply.ok) throw new Error(`sync refused: ${JSON.stringify(reply.error)}`);
    all.push(...(reply.data.messagesMap[chatId] ?? []));
    if (!reply.data.hasMore) return all;
  }
}

/**
 * The last seq a client holds with none missing before it (0 when it holds none from 1): where
 * the web app's catch-up starts.
 */
export function contiguousSeq(seqs: Iterable<number>): number {
  const held = new Set(seqs);
  let cursor = 0;
  while (held.has(cursor + 1)) cursor += 1;
  return cursor;
}

/** 1, 2, ..., n: what the seqs of a chat of n messages must be. */
export const oneTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

/** Counts over a chat's rows, which a direct query of the messages table returns. */
export interface RowCounts {
  rows: number;
  seqs: number;
  clientIds: number;
}

/**
 * The SQL that counts a chat's rows, distinct seqs and distinct clientIds straight from the
 * table (paging by seq could hide a second row of one seq); `param` is the engine's placeholder
 * for the chat id ($1 on PostgreSQL, ? on SQLite).
 */
export const rowCountsSql = (param: string) =>
  `select count(*) as "rows", count(distinct seq) as "seqs",
     count(distinct client_id) as "clientIds" from messages where chat_id = ${param}`;

/** PostgreSQL answers counts as strings, SQLite as numbers. */
export const asRowCounts = (row: Record<keyof RowCounts, unknown>): RowCounts => ({
  rows: Number(row.rows),
  seqs: Number(row.seqs),
  clientIds: Number(row.clientIds),
});

/**
 * What every chat must show at the end: the stored history runs 1..n, holds exactly the
 * clientIds its senders sent (each once, every one acknowledged) and each acknowledgement named
 * the row that was stored.
 */
export function expectStoredOnce(stored: SocialMessage[], logs: Sent[][], counts: RowCounts) {
  const sent = logs.flat();
  expect(stored.map((m) => m.seq)).toEqual(oneTo(stored.length));
  expect(stored.map((m) => m.clientId).sort()).toEqual(sent.map((e) => e.clientId).sort());
  const byClientId = new Map(stored.map((m) => [m.clientId, m]));
  for (const entry of sent) {
    const row = byClientId.get(entry.clientId)!;
    expect(entry.acked).toMatchObject({ _id: row._id, seq: row.seq });
  }
  expect(counts).toEqual({ rows: sent.length, seqs: sent.length, clientIds: sent.length });
}
