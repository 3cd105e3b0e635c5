// npm run bench:realtime:delivery — real-time delivery of social messages (issue 6 budget:
// at least half the bare relay's sustained rate, p99 under 50 ms at 1,000 messages/s).
//
// 1,000 socket.io clients (this process) in 500 one-to-one chats talk to two servers, each in
// a process of its own, in one run:
//  - a bare socket.io relay (bench/bare-relay.ts): no session, no database, no checks;
//  - the built Confab server on SQLite: session handshake, validation, participant and block
//    checks, the message stored (exactly once, per-chat seq) before it is announced.
// Each is measured at a steady 1,000 messages/s (every client sends one a second), then
// saturated (every client sends its next message as soon as the previous one is acknowledged).
// The two servers take turns, phase by phase, for several rounds (the median round is
// reported), so both see the same load from whatever else runs on the machine.
// Latency is from `emit('sendMessage')` to the partner's `newChatMessage`, on one clock.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword } from '../src/lib/password';
import { hashSessionToken, newSessionToken } from '../src/lib/session-token';
import { ChatRepository } from '../src/repositories/chat.repository';
import { freePort } from '../test/helpers/mcp';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const steadyRate = Number(process.env.BENCH_RATE ?? 1000);
const phaseSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 2;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const p99BudgetMs = 50;

const serverDir = new URL('..', import.meta.url).pathname;

interface Peer {
  userId: string;
  partnerId: string;
  chatId: string;
  token: string;
}

/** Users, sessions, accepted friendships and chats, written straight to a fresh database. */
async function seed(dataDir: string): Promise<Peer[]> {
  const database = connectDatabase({ dataDir });
  await migrateToLatest(database.db);
  const passwordHash = await hashPassword('bench password 1');
  const now = Date.now();
  const peers: Peer[] = [];
  await database.db.transaction().execute(async (trx) => {
    const chats = new ChatRepository(trx);
    for (let pair = 0; pair < clientCount / 2; pair += 1) {
      const ids = [randomUUID(), randomUUID()] as const;
      for (const [side, id] of ids.entries()) {
        const name = `bench_${pair}_${side}`;
        await trx
          .insertInto('users')
          .values({
            id,
            username: name,
            username_key: name,
            email: `${name}@example.com`,
            email_key: `${name}@example.com`,
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const [a, b] = ids;
      await trx
        .insertInto('friend_requests')
        .values({
          id: randomUUID(),
          sender_id: a,
          receiver_id: b,
          pair_key: a < b ? `${a}:${b}` : `${b}:${a}`,
          status: 'accepted',
          blocked_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const { chat } = await chats.findOrCreatePrivate(a, b, randomUUID(), now);
      for (const [userId, partnerId] of [
        [a, b],
        [b, a],
      ] as const) {
        const token = newSessionToken();
        await trx
          .insertInto('sessions')
          .values({
            id: hashSessionToken(token),
            user_id: userId,
            created_at: now,
            last_seen_at: now,
            expires_at: now + 86_400_000,
            user_agent: 'bench',
          })
          .execute();
        peers.push({ userId, partnerId, chatId: chat.id, token });
      }
    }
  });
  await database.close();
  return peers;
}

async function startConfab(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_CPU_PROF=folder writes the server's CPU profile there (to find where time goes).
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, join(serverDir, 'dist/main.js')], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) throw new Error('Confab did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startRelay(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(serverDir, 'bench/bare-relay.ts')],
    {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /^listening (\d+)$/.exec(line);
    if (match) return { url: `http://127.0.0.1:${match[1]}`, child };
  }
  throw new Error('the relay did not start');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Connected = Peer & { socket: Socket };

async function connectAll(
  url: string,
  peers: Peer[],
  kind: 'confab' | 'relay',
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
          socket.once('connect', () => resolve({ ...peer, socket }));
          socket.once('connect_error', reject);
        }),
    );
    connected.push(...(await Promise.all(batch)));
  }
  return connected;
}

interface PhaseResult {
  /** Messages sent within the measured window. */
  offered: number;
  acked: number;
  failed: number;
  /** Messages of the window that reached the partner (however late). */
  delivered: number;
  /** Deliveries per second within the measured window. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Runs one phase: `steady` sends `steadyRate` messages/s round-robin over the clients;
 * `saturate` keeps one message in flight per client. Only messages sent after the warm-up
 * count. The phase ends once every acknowledgement and delivery is in (or 15 s later).
 */
async function phase(peers: Connected[], mode: 'steady' | 'saturate'): Promise<PhaseResult> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let acked = 0;
  let failed = 0;
  let offered = 0;
  let pendingAcks = 0;
  let deliveredInWindow = 0;
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
      if (sent < windowStart) return;
      latencies.push(at - sent);
      if (at <= end) deliveredInWindow += 1;
    };
    peer.socket.on('newChatMessage', listener);
    return () => peer.socket.off('newChatMessage', listener);
  });

  const send = (peer: Connected, then?: () => void) => {
    const clientId = randomUUID();
    const at = performance.now();
    sentAt.set(clientId, at);
    if (at >= windowStart) offered += 1;
    pendingAcks += 1;
    peer.socket.emit(
      'sendMessage',
      {
        chatId: peer.chatId,
        content: `hello ${clientId.slice(0, 8)}`,
        contentType: 'text',
        clientId,
      },
      (reply: { ok: boolean }) => {
        pendingAcks -= 1;
        if (reply.ok) acked += 1;
        else failed += 1;
        then?.();
      },
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
    rate: deliveredInWindow / phaseSeconds,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

const fmt = (r: PhaseResult) =>
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
const median = (results: PhaseResult[], by: 'p99' | 'rate') =>
  [...results].sort((a, b) => a[by] - b[by])[Math.floor(results.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-rt-'));
  const children: ChildProcess[] = [];
  const sockets: Connected[] = [];
  try {
    const peers = await seed(dataDir);
    console.log(
      `${peers.length} socket.io clients (websocket) in ${peers.length / 2} one-to-one chats; ` +
        `${rounds} rounds of ${warmupSeconds} s warm-up + ${phaseSeconds} s per phase, the two ` +
        `servers alternating; Node ${process.version}`,
    );
    const relay = await startRelay();
    children.push(relay.child);
    const confab = await startConfab(dataDir);
    children.push(confab.child);
    const clients = {
      relay: await connectAll(relay.url, peers, 'relay'),
      confab: await connectAll(confab.url, peers, 'confab'),
    };
    sockets.push(...clients.relay, ...clients.confab);

    const results = {
      relay: { steady: [] as PhaseResult[], saturate: [] as PhaseResult[] },
      confab: { steady: [] as PhaseResult[], saturate: [] as PhaseResult[] },
    };
    for (let round = 1; round <= rounds; round += 1) {
      for (const mode of ['steady', 'saturate'] as const) {
        for (const kind of ['relay', 'confab'] as const) {
          const result = await phase(clients[kind], mode);
          results[kind][mode].push(result);
          console.log(`  round ${round} ${mode.padEnd(8)} ${kind.padEnd(6)} ${fmt(result)}`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
    for (const socket of sockets.splice(0)) socket.socket.close();
    await stop(confab.child);

    const database = connectDatabase({ dataDir });
    const stored = await sql<{ n: number }>`select count(*) as n from messages`.execute(
      database.db,
    );
    await database.close();
    const storedCount = Number(stored.rows[0]?.n ?? 0);
    const ackedCount = [...results.confab.steady, ...results.confab.saturate].reduce(
      (sum, r) => sum + r.acked,
      0,
    );

    const bareSteady = median(results.relay.steady, 'p99');
    const realSteady = median(results.confab.steady, 'p99');
    const bareMax = median(results.relay.saturate, 'rate');
    const realMax = median(results.confab.saturate, 'rate');
    console.log(`median round, steady ${steadyRate} msg/s`);
    console.log(`  bare relay  ${fmt(bareSteady)}`);
    console.log(`  Confab      ${fmt(realSteady)}`);
    console.log('median round, saturated (one message in flight per client)');
    console.log(`  bare relay  ${fmt(bareMax)}`);
    console.log(`  Confab      ${fmt(realMax)}`);
    console.log(`stored in SQLite: ${storedCount} messages; acknowledged: ${ackedCount}`);

    const ratio = realMax.rate / bareMax.rate;
    const rateOk = ratio >= 0.5;
    const p99Ok = realSteady.p99 < p99BudgetMs && realSteady.delivered >= realSteady.offered;
    const durableOk = storedCount === ackedCount;
    console.log(
      `sustained rate: ${(ratio * 100).toFixed(0)} % of the bare relay (goal ≥ 50 %) ${rateOk ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `p99 at ${steadyRate} msg/s: ${realSteady.p99.toFixed(1)} ms (goal < ${p99BudgetMs} ms, all delivered) ${p99Ok ? 'OK' : 'MISSED'}`,
    );
    console.log(`every acknowledged message stored: ${durableOk ? 'OK' : 'MISSED'}`);
    if (!rateOk || !p99Ok || !durableOk) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.socket.close();
    for (const child of children) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
