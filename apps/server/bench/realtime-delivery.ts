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
// BENCH_BASELINE=path/to/main.js adds an older build of the server as a third contender, on a
// copy of the same database, taking its turn like the others (to compare a change before/after;
// the file must sit where it resolves the same node_modules, e.g. apps/server/node_modules/.baseline/).
// BENCH_PROTOCOL_RELAY=1 adds the relay in its protocol mode (bench/bare-relay.ts: Confab's
// frames and fields per message, still no session, database or checks) as another contender,
// to tell the protocol's cost from the cost of storing and checking.
// Latency is from `emit('sendMessage')` to the partner's delivery event, on one clock: Confab's
// `new_message`, the bare relay's `newChatMessage`.
//
// Then the REST sweep (issue 20): Confab's clients send over REST (`POST .../messages`, keep-alive
// connections, through the lean client of lib/rest-client.ts: the clients share the server's
// machine, and each side's clients' CPU per message is printed beside the server's) while the
// bare relay's send on their sockets, at rising open-loop rates
// (BENCH_SWEEP, messages/s), the two alternating at each rate. Reported: the highest rate each
// holds with p99 < 50 ms, every message delivered and no error, and Confab's as a ratio of the
// relay's (goal ≥ 0.4). A contender that misses twice in a row stops climbing.
// BENCH_PARTS=socket or BENCH_PARTS=rest runs one part alone.
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect';
import {
  connectAll,
  fmt,
  holds,
  median,
  p99BudgetMs,
  phase,
  type Connected,
  type PhaseResult,
} from './lib/load';
import { seed } from './lib/seed';
import { cpuSecondsOf, startConfab, startRelay, stop } from './lib/servers';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const steadyRate = Number(process.env.BENCH_RATE ?? 1000);
const phaseSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 2;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const parts = (process.env.BENCH_PARTS ?? 'socket,rest').split(',');
// Steps of about 10 % around the rates each side reaches here, so the ratio is read to about
// that precision rather than to the nearest 2,500 messages/s.
const sweepRates = (
  process.env.BENCH_SWEEP ??
  '2500,5000,6000,7000,8000,9000,10000,12500,15000,17500,20000,22500,25000,30000'
)
  .split(',')
  .map(Number);
const restRatioGoal = 0.4;

const baselineMain = process.env.BENCH_BASELINE;
const withProtocolRelay = process.env.BENCH_PROTOCOL_RELAY === '1';

type Contender = 'relay' | 'protocol' | 'confab' | 'baseline';

/** Messages stored in one server's database. */
async function storedIn(dataDir: string): Promise<number> {
  const database = connectDatabase({ dataDir });
  const stored = await sql<{ n: number }>`select count(*) as n from messages`.execute(database.db);
  await database.close();
  return Number(stored.rows[0]?.n ?? 0);
}

/**
 * The REST sweep: Confab with REST senders against the bare relay with socket senders, rate by
 * rate. Returns whether Confab reached the goal ratio.
 */
async function restSweep(
  relay: Connected[],
  confab: Connected[],
  baseline: Connected[] | undefined,
  processes: Partial<Record<Contender, ChildProcess>>,
): Promise<{ ok: boolean; acked: number; baselineAcked: number }> {
  console.log(
    `REST sweep: Confab's clients send over REST, the relay's over their sockets; ` +
      `${warmupSeconds} s warm-up + ${phaseSeconds} s per rate`,
  );
  const contenders: Partial<Record<Contender, Connected[]>> = { relay, confab, baseline };
  const kinds = (['relay', 'confab', 'baseline'] as const).filter((kind) => contenders[kind]);
  const best: Record<Contender, number> = { relay: 0, protocol: 0, confab: 0, baseline: 0 };
  const misses: Record<Contender, number> = { relay: 0, protocol: 0, confab: 0, baseline: 0 };
  let acked = 0;
  let baselineAcked = 0;
  for (const rate of sweepRates) {
    for (const kind of kinds) {
      if (misses[kind] >= 2) continue;
      const result = await phase(contenders[kind]!, 'steady', {
        steadyRate: rate,
        warmupSeconds,
        phaseSeconds,
      });
      if (kind === 'confab') acked += result.acked;
      if (kind === 'baseline') baselineAcked += result.acked;
      const ok = holds(result);
      if (ok) {
        best[kind] = Math.max(best[kind], rate);
        misses[kind] = 0;
      } else misses[kind] += 1;
      console.log(
        `  ${String(rate).padStart(6)} msg/s ${kind.padEnd(7)} ${fmt(result)} ${ok ? 'holds' : 'misses'}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const ratio = best.relay > 0 ? best.confab / best.relay : 0;
  console.log(
    `highest rate at p99 < ${p99BudgetMs} ms: bare relay (socket sends) ${best.relay} msg/s, ` +
      `Confab (REST sends) ${best.confab} msg/s` +
      (baseline ? `, baseline (REST sends) ${best.baseline} msg/s` : ''),
  );
  const ok = ratio >= restRatioGoal;
  console.log(
    `REST sends: ${ratio.toFixed(2)}× the bare relay (goal ≥ ${restRatioGoal}) ${ok ? 'OK' : 'MISSED'}` +
      (best.relay === sweepRates.at(-1)
        ? ' (the relay held the top rate: extend BENCH_SWEEP)'
        : ''),
  );
  if (baseline) {
    const baselineRatio = best.relay > 0 ? best.baseline / best.relay : 0;
    console.log(`baseline REST sends: ${baselineRatio.toFixed(2)}× the bare relay`);
  }
  // Capacity, which a busy machine shifts less than a latency budget: one message in flight per
  // client, the contenders alternating round by round.
  const saturated: Partial<Record<Contender, PhaseResult[]>> = {};
  const cpu: Partial<Record<Contender, { seconds: number; load: number; messages: number }>> = {};
  for (let round = 1; round <= rounds; round += 1) {
    for (const kind of kinds) {
      const cpuBefore = cpuSecondsOf(processes[kind]!);
      const loadBefore = process.cpuUsage();
      const result = await phase(contenders[kind]!, 'saturate', {
        steadyRate: 0,
        warmupSeconds,
        phaseSeconds,
      });
      const used = (cpu[kind] ??= { seconds: 0, load: 0, messages: 0 });
      used.seconds += cpuSecondsOf(processes[kind]!) - cpuBefore;
      const load = process.cpuUsage(loadBefore);
      used.load += (load.user + load.system) / 1e6;
      // Every message of the phase, warm-up included, was acknowledged and delivered.
      used.messages += result.acked + result.failed;
      if (kind === 'confab') acked += result.acked;
      if (kind === 'baseline') baselineAcked += result.acked;
      (saturated[kind] ??= []).push(result);
      console.log(`  round ${round} saturate ${kind.padEnd(8)} ${fmt(result)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const capacity = (kind: Contender) => median(saturated[kind]!, 'rate').rate;
  const cpuPerMessage = (kind: Contender) => cpu[kind]!.seconds / Math.max(1, cpu[kind]!.messages);
  // The clients run on the same machine: what they take is not the server's to use.
  const loadPerMessage = (kind: Contender) => cpu[kind]!.load / Math.max(1, cpu[kind]!.messages);
  for (const kind of kinds) {
    console.log(
      `saturated, median round: ${kind.padEnd(8)} ${capacity(kind).toFixed(0)} msg/s, ` +
        `${(capacity(kind) / capacity('relay')).toFixed(2)}× the bare relay; server CPU ` +
        `${(cpuPerMessage(kind) * 1e6).toFixed(0)} µs a message, ` +
        `${(cpuPerMessage('relay') / cpuPerMessage(kind)).toFixed(2)}× the relay's messages per CPU second; ` +
        `its clients' CPU ${(loadPerMessage(kind) * 1e6).toFixed(0)} µs a message`,
    );
  }
  return { ok, acked, baselineAcked };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-rt-'));
  const baselineDir = mkdtempSync(join(tmpdir(), 'confab-bench-rt-baseline-'));
  const children: ChildProcess[] = [];
  const sockets: Connected[] = [];
  try {
    const peers = await seed({ dataDir }, clientCount);
    // The same users, sessions and chats for the older build.
    if (baselineMain) cpSync(dataDir, baselineDir, { recursive: true });
    const kinds: Contender[] = [
      'relay',
      ...(withProtocolRelay ? (['protocol'] as const) : []),
      'confab',
      ...(baselineMain ? (['baseline'] as const) : []),
    ];
    console.log(
      `${peers.length} socket.io clients (websocket) in ${peers.length / 2} one-to-one chats; ` +
        `${rounds} rounds of ${warmupSeconds} s warm-up + ${phaseSeconds} s per phase, the ` +
        `${kinds.length} servers alternating; Node ${process.version}`,
    );
    const relay = await startRelay();
    children.push(relay.child);
    const protocolRelay = withProtocolRelay ? await startRelay('protocol') : undefined;
    if (protocolRelay) children.push(protocolRelay.child);
    const confab = await startConfab(dataDir);
    children.push(confab.child);
    const baseline = baselineMain ? await startConfab(baselineDir, baselineMain) : undefined;
    if (baseline) children.push(baseline.child);
    const clients: Partial<Record<Contender, Connected[]>> = {
      relay: await connectAll(relay.url, peers, 'relay'),
      ...(protocolRelay && {
        protocol: await connectAll(protocolRelay.url, peers, 'relay', 'new_message'),
      }),
      confab: await connectAll(confab.url, peers, 'confab'),
      ...(baseline && { baseline: await connectAll(baseline.url, peers, 'confab') }),
    };
    for (const kind of kinds) sockets.push(...clients[kind]!);

    let restOk = true;
    let restAcked = 0;
    if (parts.includes('rest')) {
      const confabRest = clients.confab!.map((client) => ({ ...client, sendsBy: 'rest' as const }));
      const baselineRest = clients.baseline?.map((client) => ({
        ...client,
        sendsBy: 'rest' as const,
      }));
      ({ ok: restOk, acked: restAcked } = await restSweep(
        clients.relay!,
        confabRest,
        baselineRest,
        { relay: relay.child, confab: confab.child, baseline: baseline?.child },
      ));
    }
    if (!parts.includes('socket')) {
      for (const socket of sockets.splice(0)) socket.socket.close();
      await stop(confab.child);
      const stored = await storedIn(dataDir);
      // A send whose reply came after the drain still counts as stored, never the reverse.
      const durable = stored >= restAcked;
      console.log(`stored in SQLite: ${stored} messages; acknowledged: ${restAcked}`);
      console.log(`every acknowledged message stored: ${durable ? 'OK' : 'MISSED'}`);
      if (!restOk || !durable) process.exitCode = 1;
      return;
    }

    const results = Object.fromEntries(
      kinds.map((kind) => [kind, { steady: [] as PhaseResult[], saturate: [] as PhaseResult[] }]),
    ) as Record<Contender, { steady: PhaseResult[]; saturate: PhaseResult[] }>;
    for (let round = 1; round <= rounds; round += 1) {
      for (const mode of ['steady', 'saturate'] as const) {
        for (const kind of kinds) {
          const result = await phase(clients[kind]!, mode, {
            steadyRate,
            warmupSeconds,
            phaseSeconds,
          });
          results[kind][mode].push(result);
          console.log(`  round ${round} ${mode.padEnd(8)} ${kind.padEnd(8)} ${fmt(result)}`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
    for (const socket of sockets.splice(0)) socket.socket.close();
    await stop(confab.child);
    if (baseline) await stop(baseline.child);

    const ackedBy = (kind: Contender) =>
      [...results[kind].steady, ...results[kind].saturate].reduce((sum, r) => sum + r.acked, 0);
    const storedCount = await storedIn(dataDir);
    const ackedCount = ackedBy('confab') + restAcked;

    const bareSteady = median(results.relay.steady, 'p99');
    const realSteady = median(results.confab.steady, 'p99');
    const bareMax = median(results.relay.saturate, 'rate');
    const realMax = median(results.confab.saturate, 'rate');
    console.log(`median round, steady ${steadyRate} msg/s`);
    console.log(`  bare relay  ${fmt(bareSteady)}`);
    console.log(`  Confab      ${fmt(realSteady)}`);
    if (protocolRelay) console.log(`  protocol    ${fmt(median(results.protocol.steady, 'p99'))}`);
    if (baseline) console.log(`  baseline    ${fmt(median(results.baseline.steady, 'p99'))}`);
    console.log('median round, saturated (one message in flight per client)');
    console.log(`  bare relay  ${fmt(bareMax)}`);
    console.log(`  Confab      ${fmt(realMax)}`);
    if (protocolRelay) {
      const protocolMax = median(results.protocol.saturate, 'rate');
      console.log(`  protocol    ${fmt(protocolMax)}`);
      console.log(
        `protocol relay: ${((protocolMax.rate / bareMax.rate) * 100).toFixed(0)} % of the bare ` +
          `relay; Confab ${((realMax.rate / protocolMax.rate) * 100).toFixed(0)} % of the protocol relay`,
      );
    }
    if (baseline) {
      const baselineMax = median(results.baseline.saturate, 'rate');
      console.log(`  baseline    ${fmt(baselineMax)}`);
      console.log(
        `baseline: ${((baselineMax.rate / bareMax.rate) * 100).toFixed(0)} % of the bare relay; ` +
          `stored ${await storedIn(baselineDir)}, acknowledged ${ackedBy('baseline')}`,
      );
    }
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
    if (!rateOk || !p99Ok || !durableOk || !restOk) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.socket.close();
    for (const child of children) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

await main();
