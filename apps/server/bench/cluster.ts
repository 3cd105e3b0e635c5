// npm run bench:cluster — a site of PostgreSQL + Redis nodes on this machine (issue 7):
//  1. One node versus two, same load (BENCH_CLIENTS clients in one-to-one chats, a steady
//     BENCH_RATE messages/s, then saturated): messages per second and p99, send to delivery.
//     With two nodes the clients are laid out twice: every chat across the nodes (each
//     message crosses Redis) and every chat on one node (half the chats on each); the cost of
//     the Redis hop is the cross-node p99 minus the same-node p99.
//     pgbench runs a transaction of a send's shape (bump a chat's seq, insert a message) on the
//     same database in every round, with BENCH_PGBENCH_CLIENTS clients: the saturated rates are
//     also given as a share of the database's own rate, measured beside them.
//  2. Growth on one node: 250, 500, 1,000, 2,000 connected clients: the node's memory per
//     connection (RSS, no traffic), then p99 at a fixed BENCH_SCALE_RATE messages/s.
//  sweep (BENCH_PARTS=1,sweep): one node at steady rates (BENCH_SWEEP), the highest it holds at
//     p99 < 50 ms, as a share of pgbench measured just before.
// BENCH_LAYOUTS picks part 1's layouts (one node, across, same node); every layout reports the
// nodes' CPU per message delivered.
// Needs the PostgreSQL and Redis of BENCH_DATABASE_URL / BENCH_REDIS_URL (default: this
// machine's); the run makes its own database and key prefix and removes both.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createScratchPostgres } from '../test/helpers/database-targets';
import { createScratchRedis } from '../test/helpers/redis';
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
import { findPgbench, preparePgbench, runPgbench } from './lib/pgbench';
import { seed, type Peer } from './lib/seed';
import { limitCpu } from './lib/cpu-limit';
import { cpuSecondsOf, startConfab, stop, type StartedServer } from './lib/servers';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
// Steady rates well inside what one node sustains on PostgreSQL here, so p99 shows the cost of
// each path rather than a queue.
const steadyRate = Number(process.env.BENCH_RATE ?? 300);
const scaleRate = Number(process.env.BENCH_SCALE_RATE ?? 200);
const scaleSteps = (process.env.BENCH_SCALE ?? '250,500,1000,2000').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Which parts to run: BENCH_PARTS=2 for the growth part alone, sweep for one node's rate sweep. */
const parts = (process.env.BENCH_PARTS ?? '1,2').split(',');
/**
 * BENCH_NODE_CPUS=0.5: each node gets that many cores of its own (a cgroup quota), as on a
 * machine of its own, so that two nodes can show what the second adds (see cpu-limit.ts).
 */
const nodeCores = Number(process.env.BENCH_NODE_CPUS ?? 0);
/** BENCH_LAYOUTS=one node,across to run only those layouts (one node, across, same node). */
const onlyLayouts = process.env.BENCH_LAYOUTS?.split(',');
const pgbenchClients = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
const timing = {
  steadyRate,
  warmupSeconds: 2,
  phaseSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? NaN) * 1024;
}

const settle = (ms = 1000) => new Promise((resolve) => setTimeout(resolve, ms));

/** The two sides of each chat: on one node, or across two (`layout`). */
function place(peers: Peer[], layout: 'one node' | 'across' | 'same node', urls: string[]) {
  return peers.map((peer, index) => {
    const pair = Math.floor(index / 2);
    const side = index % 2;
    if (layout === 'one node') return { peer, url: urls[0]! };
    if (layout === 'across') return { peer, url: urls[side]! };
    return { peer, url: urls[pair % 2]! };
  });
}

async function connectLayout(placed: { peer: Peer; url: string }[]): Promise<Connected[]> {
  const byUrl = new Map<string, Peer[]>();
  for (const { peer, url } of placed) byUrl.set(url, [...(byUrl.get(url) ?? []), peer]);
  const connected: Connected[] = [];
  for (const [url, peers] of byUrl) connected.push(...(await connectAll(url, peers, 'confab')));
  return connected;
}

const closeAll = (clients: Connected[]) => {
  for (const client of clients) client.socket.close();
};

/** The goal of 5,000 msg/s was set beside 11,400 pgbench tx/s on a machine like this one. */
const goalShareOfPgbench = 5_000 / 11_400;
const sweepRates = (process.env.BENCH_SWEEP ?? '1000,1500,2000,2500,3000,3500,4000,4500,5000,6000')
  .split(',')
  .map(Number);

/**
 * One node, rate by rate (BENCH_SWEEP): the highest steady rate it holds within the budget, as a
 * share of pgbench's rate measured just before on the same database.
 */
async function sweep(
  url: string,
  peers: Peer[],
  measurePgbench: (() => Promise<number>) | undefined,
): Promise<void> {
  const clients = await connectLayout(place(peers, 'one node', [url]));
  try {
    const tps = await measurePgbench?.();
    console.log(
      `sweep: one node, steady rates, p99 < ${p99BudgetMs} ms` +
        (tps ? `; pgbench ${tps.toFixed(0)} tx/s just before` : ''),
    );
    let best = 0;
    let misses = 0;
    for (const rate of sweepRates) {
      const result = await phase(clients, 'steady', { ...timing, steadyRate: rate });
      const ok = holds(result);
      console.log(`  ${String(rate).padStart(6)} msg/s  ${fmt(result)} ${ok ? 'holds' : 'misses'}`);
      if (ok) {
        best = rate;
        misses = 0;
      } else if ((misses += 1) >= 2) break;
      await settle();
    }
    if (tps) {
      console.log(
        `one node holds ${best} msg/s at p99 < ${p99BudgetMs} ms: ${(best / tps).toFixed(2)}× ` +
          `pgbench (goal: 5,000 msg/s, which was ${goalShareOfPgbench.toFixed(2)}× pgbench when set)`,
      );
    } else console.log(`one node holds ${best} msg/s at p99 < ${p99BudgetMs} ms`);
  } finally {
    closeAll(clients);
  }
}

async function main() {
  const postgres = await createScratchPostgres(postgresUrl);
  const redis = await createScratchRedis(redisUrl);
  const runId = randomBytes(3).toString('hex');
  const dirs: string[] = [];
  const nodes: StartedServer[] = [];
  const open: Connected[] = [];
  const startNode = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `confab-bench-cluster-${runId}-`));
    dirs.push(dataDir);
    const node = await startConfab(dataDir, undefined, {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
    });
    nodes.push(node);
    if (nodeCores > 0) {
      const unlimit = limitCpu(node.child, nodeCores);
      node.child.once('exit', unlimit);
    }
    return node;
  };
  try {
    const most = Math.max(clientCount, ...scaleSteps);
    const peers = await seed({ dataDir: tmpdir(), databaseUrl: postgres.url }, most);
    console.log(
      `PostgreSQL + Redis site on this machine (${process.env.BENCH_CPUS ?? 'all'} cores shared ` +
        `by the nodes and this load generator); Node ${process.version}` +
        (nodeCores > 0 ? `; each node limited to ${nodeCores} cores of its own` : ''),
    );

    // 1. One node versus two.
    const loadPeers = peers.slice(0, clientCount);
    const a = await startNode();
    const results: Record<string, { steady: PhaseResult[]; saturate: PhaseResult[] }> = {};
    const cpuPerMessage: Record<string, number[]> = {};
    const run = async (label: string, clients: Connected[]) => {
      results[label] ??= { steady: [], saturate: [] };
      for (const mode of ['steady', 'saturate'] as const) {
        const cpuBefore = nodes.reduce((sum, node) => sum + cpuSecondsOf(node.child), 0);
        const result = await phase(clients, mode, timing);
        const cpu = nodes.reduce((sum, node) => sum + cpuSecondsOf(node.child), 0) - cpuBefore;
        results[label][mode].push(result);
        // Every node's CPU over the phase per message delivered in it (warm-up included): what
        // a message costs the site, which a busy machine moves less than rates and latencies.
        const perMessage = (cpu / result.deliveredAll) * 1e6;
        if (mode === 'saturate') (cpuPerMessage[label] ??= []).push(perMessage);
        console.log(
          `  ${mode.padEnd(8)} ${label.padEnd(22)} ${fmt(result)}   nodes' CPU ${perMessage.toFixed(0)} µs/msg`,
        );
        await settle();
      }
    };
    // The layouts take turns in every round, so all see the same load from the machine; in
    // the one-node layout the second node is idle.
    const b = await startNode();
    const layouts = (
      [
        { label: '1 node', place: 'one node' },
        { label: '2 nodes, chats across', place: 'across' },
        { label: '2 nodes, chats on one', place: 'same node' },
      ] as const
    ).filter((layout) => onlyLayouts === undefined || onlyLayouts.includes(layout.place));
    const pgbench = findPgbench();
    if (!pgbench) {
      console.log('pgbench is missing (Debian: apt-get install -y postgresql-contrib); skipped');
    }
    const pgbenchChats = pgbench ? await preparePgbench(postgres.url, loadPeers) : 0;
    const measurePgbench = pgbench
      ? () =>
          runPgbench(pgbench, postgres.url, pgbenchChats, {
            clients: pgbenchClients,
            seconds: timing.phaseSeconds,
          })
      : undefined;
    const pgbenchRates: number[] = [];
    if (parts.includes('1')) {
      console.log(`1. ${clientCount} clients, ${clientCount / 2} chats, ${rounds} rounds`);
      for (let round = 1; round <= rounds; round += 1) {
        if (measurePgbench) {
          const tps = await measurePgbench();
          pgbenchRates.push(tps);
          console.log(`  pgbench  ${pgbenchClients} clients, same shape   ${tps.toFixed(0)} tx/s`);
          await settle();
        }
        for (const layout of layouts) {
          const clients = await connectLayout(place(loadPeers, layout.place, [a.url, b.url]));
          open.push(...clients);
          await run(layout.label, clients);
          closeAll(open.splice(0));
          await settle();
        }
      }
      console.log('median rounds (steady: by p99; saturated: by rate)');
      for (const [label, { steady, saturate }] of Object.entries(results)) {
        const cpu = [...cpuPerMessage[label]!].sort((x, y) => x - y);
        console.log(`  ${label.padEnd(22)} steady    ${fmt(median(steady, 'p99'))}`);
        console.log(
          `  ${''.padEnd(22)} saturated ${fmt(median(saturate, 'rate'))}   ` +
            `nodes' CPU ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} µs/msg`,
        );
      }
      const saturated = (label: string) => median(results[label]!.saturate, 'rate').rate;
      if (results['1 node'] && results['2 nodes, chats across']) {
        const ratio = saturated('2 nodes, chats across') / saturated('1 node');
        console.log(`2 nodes, chats across / 1 node (saturated): ${ratio.toFixed(2)}×`);
      }
      if (pgbenchRates.length > 0) {
        const tps = [...pgbenchRates].sort((x, y) => x - y)[Math.floor(pgbenchRates.length / 2)]!;
        console.log(`pgbench median ${tps.toFixed(0)} tx/s; saturated rate as a share of it:`);
        for (const label of Object.keys(results)) {
          console.log(`  ${label.padEnd(22)} ${((saturated(label) / tps) * 100).toFixed(0)} %`);
        }
      }
      // The hop at p50 and p99: at p99 a 5 s phase holds only about 15 samples beyond it, so
      // it moves with the machine's noise; the median of rounds and p50 move less.
      const at = (label: string, q: 'p50' | 'p99') => median(results[label]!.steady, 'p99')[q];
      for (const q of ['p50', 'p99'] as const) {
        if (!results['2 nodes, chats across'] || !results['2 nodes, chats on one']) break;
        const across = at('2 nodes, chats across', q);
        const same = at('2 nodes, chats on one', q);
        console.log(
          `Redis hop at ${q} (steady ${steadyRate} msg/s): ${(across - same).toFixed(1)} ms ` +
            `(across ${across.toFixed(1)} ms, on one node ${same.toFixed(1)} ms)`,
        );
      }
    }
    if (parts.includes('sweep')) await sweep(a.url, loadPeers, measurePgbench);
    await stop(b.child);
    nodes.splice(nodes.indexOf(b), 1);

    if (!parts.includes('2')) return;
    // 2. Growth on one node: memory first, with no traffic (garbage from a traffic phase
    // would blur it), then p99 at each size.
    console.log(`2. one node, clients added step by step`);
    // A fresh node: one that carried traffic has a grown heap that new connections fill
    // without the process growing.
    await stop(a.child);
    nodes.splice(nodes.indexOf(a), 1);
    const fresh = await startNode();
    await settle(2000);
    const baseline = rssOf(fresh.child);
    console.log(`  no clients: RSS ${(baseline / 2 ** 20).toFixed(0)} MiB`);
    let previous = { count: 0, rss: baseline };
    for (const count of scaleSteps) {
      open.push(
        ...(await connectLayout(place(peers.slice(open.length, count), 'one node', [fresh.url]))),
      );
      await settle(2000);
      const rss = rssOf(fresh.child);
      const slope = (rss - previous.rss) / (count - previous.count);
      previous = { count, rss };
      console.log(
        `  ${String(count).padStart(5)} connected: RSS ${(rss / 2 ** 20).toFixed(0)} MiB, ` +
          `${((rss - baseline) / count / 1024).toFixed(1)} KiB per connection ` +
          `(${(slope / 1024).toFixed(1)} KiB each since the last step)`,
      );
    }
    closeAll(open.splice(0));
    await settle(2000);
    const scaleTiming = { ...timing, steadyRate: scaleRate };
    for (const count of scaleSteps) {
      open.push(
        ...(await connectLayout(place(peers.slice(open.length, count), 'one node', [fresh.url]))),
      );
      await settle(1000);
      const steady = await phase(open, 'steady', scaleTiming);
      console.log(`  ${String(count).padStart(5)} clients, ${scaleRate} msg/s: ${fmt(steady)}`);
    }
  } finally {
    closeAll(open);
    for (const node of nodes) await stop(node.child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await redis.drop();
    await postgres.drop();
  }
}

await main();
