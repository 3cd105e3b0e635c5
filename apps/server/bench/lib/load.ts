import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { restClient, type RestClient } from './rest-client';
import type { Peer } from './seed';

/**
 * The event that brings a message to its receiver: Confab's protocol sends `new_message` (with
 * the unread count); the bare relay passes `newChatMessage` on.
 */
export type DeliveryEvent = 'new_message' | 'newChatMessage';

/**
 * How a client sends: an acknowledged `sendMessage` on its socket, or Confab's REST send
 * (`POST /api/chat-social-msg/{chatId}/messages` with its session cookie, over keep-alive
 * connections shared by every client of the run); delivery is on the socket either way.
 */
export type SendPath = 'socket' | 'rest';

export type Connected = Peer & {
  socket: Socket;
  deliveredAs: DeliveryEvent;
  sendsBy: SendPath;
  url: string;
};

export async function connectAll(
  url: string,
  peers: Peer[],
  kind: 'confab' | 'relay',
  deliveredAs: DeliveryEvent = kind === 'confab' ? 'new_message' : 'newChatMessage',
  sendsBy: SendPath = 'socket',
): Promise<Connected[]> {
  const connected: Connected[] = [];
  for (let start = 0; start < peers.length; start += 50) {
    const batch = peers.slice(start, start + 50).map(
      (peer) =>
        new Promise<Connected>((resolve, reject) => {
          const socket = io(url, {
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            ...(kind === 'confab'
              ? { extraHeaders: { cookie: `confab_session=${peer.token}` } }
              : { auth: { user: peer.userId, partner: peer.partnerId } }),
          });
          socket.once('connect', () => resolve({ ...peer, socket, deliveredAs, sendsBy, url }));
          socket.once('connect_error', reject);
        }),
    );
    connected.push(...(await Promise.all(batch)));
  }
  return connected;
}

export interface PhaseResult {
  /** Messages sent within the measured window. */
  offered: number;
  acked: number;
  failed: number;
  /** Messages of the window that reached the partner (however late). */
  delivered: number;
  /** Every message of the phase that reached the partner, warm-up included. */
  deliveredAll: number;
  /** Deliveries per second within the measured window. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseTiming {
  /** Messages per second offered in the steady phase. */
  steadyRate: number;
  warmupSeconds: number;
  phaseSeconds: number;
}

/**
 * Runs one phase: `steady` sends `steadyRate` messages/s round-robin over the clients;
 * `saturate` keeps one message in flight per client. Only messages sent after the warm-up
 * count. The phase ends once every acknowledgement and delivery is in (or 15 s later).
 */
export async function phase(
  peers: Connected[],
  mode: 'steady' | 'saturate',
  timing: PhaseTiming,
): Promise<PhaseResult> {
  const { steadyRate, warmupSeconds, phaseSeconds } = timing;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let acked = 0;
  let failed = 0;
  let offered = 0;
  let pendingAcks = 0;
  let deliveredInWindow = 0;
  let deliveredAll = 0;
  const begin = performance.now();
  const windowStart = begin + warmupSeconds * 1000;
  const end = windowStart + phaseSeconds * 1000;

  const listeners = peers.map((peer) => {
    const listener = ({ message }: { message: { sender: string; clientId: string } }) => {
      if (message.sender === peer.userId) return; // the sender's own tab
      const at = performance.now();
      const sent = sentAt.get(message.clientId);
      if (sent === undefined) return;
      sentAt.delete(message.clientId);
      deliveredAll += 1;
      if (sent < windowStart) return;
      latencies.push(at - sent);
      if (at <= end) deliveredInWindow += 1;
    };
    peer.socket.on(peer.deliveredAs, listener);
    return () => peer.socket.off(peer.deliveredAs, listener);
  });

  const send = (peer: Connected, then?: () => void) => {
    const clientId = randomUUID();
    const at = performance.now();
    sentAt.set(clientId, at);
    if (at >= windowStart) offered += 1;
    pendingAcks += 1;
    const settle = (ok: boolean) => {
      pendingAcks -= 1;
      if (ok) acked += 1;
      else failed += 1;
      then?.();
    };
    const content = `hello ${clientId.slice(0, 8)}`;
    if (peer.sendsBy === 'rest') {
      restSend(peer, { content, type: 'text', clientId }, settle);
      return;
    }
    peer.socket.emit(
      'sendMessage',
      { chatId: peer.chatId, content, contentType: 'text', clientId },
      (reply: { ok: boolean }) => settle(reply.ok),
    );
  };

  if (mode === 'steady') {
    let next = 0;
    let sent = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (now >= end) {
          clearInterval(timer);
          resolve();
          return;
        }
        const due = Math.floor(((now - begin) / 1000) * steadyRate);
        for (; sent < due; sent += 1) send(peers[next++ % peers.length]!);
      }, 2);
    });
  } else {
    const loop = (peer: Connected) => {
      if (performance.now() < end) send(peer, () => loop(peer));
    };
    for (const peer of peers) loop(peer);
    await new Promise((resolve) => setTimeout(resolve, end - performance.now()));
  }
  const drainUntil = performance.now() + 15_000;
  while ((sentAt.size > 0 || pendingAcks > 0) && performance.now() < drainUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const off of listeners) off();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    offered,
    acked,
    failed,
    delivered: latencies.length,
    deliveredAll,
    rate: deliveredInWindow / phaseSeconds,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** The realtime budget: p99 from send to delivery below this. */
export const p99BudgetMs = 50;

/** Whether a steady phase held its offered rate within the budget: all delivered, no error. */
export const holds = (result: PhaseResult) =>
  result.p99 < p99BudgetMs && result.delivered >= result.offered && result.failed === 0;

export const fmt = (r: PhaseResult) =>
  [
    `${r.rate.toFixed(0).padStart(6)} msg/s`,
    `p50 ${r.p50.toFixed(1).padStart(7)} ms`,
    `p99 ${r.p99.toFixed(1).padStart(7)} ms`,
    `max ${r.max.toFixed(0).padStart(5)} ms`,
    `(sent ${r.offered}, delivered ${r.delivered}, errors ${r.failed})`,
  ].join('   ');

/**
 * The median round (rounds run interleaved with the other server): by p99 at the steady rate,
 * where every round offers the same load, and by delivered rate when saturated.
 */
export const median = (results: PhaseResult[], by: 'p99' | 'rate') =>
  [...results].sort((a, b) => a[by] - b[by])[Math.floor(results.length / 2)]!;

/** The REST senders' connections, per server: as a few hundred browsers would hold them. */
const restClients = new Map<string, RestClient>();

function restSend(peer: Connected, body: object, settle: (ok: boolean) => void): void {
  let client = restClients.get(peer.url);
  if (!client) restClients.set(peer.url, (client = restClient(peer.url, 256)));
  client.post(
    `${socialApiBase}${socialChatApiPaths.messages(peer.chatId)}`,
    `cookie: confab_session=${peer.token}\r\ncontent-type: application/json\r\n`,
    JSON.stringify(body),
    (status) => settle(status === 200),
  );
}
