// npm run bench:send-paths — one node under the same saturated socket load (BENCH_CLIENTS
// clients in one-to-one chats, each sending its next message once the last is acknowledged),
// on each store a node can run on: SQLite, PostgreSQL alone, PostgreSQL + Redis (as every node
// of a cluster runs). Shows what each path costs beside the others, in one run.
// BENCH_BASELINE=path/to/main.js measures an older build the same way, taking turns with this
// one in every round (the file must resolve the same node_modules, e.g. a copy of dist under
// apps/server/node_modules/.baseline/). BENCH_PATHS=sqlite,pg,pg+redis picks the paths;
// BENCH_RATE adds a steady phase at that rate after each saturated one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchPostgres } from '../test/helpers/database-targets';
import { createScratchRedis } from '../test/helpers/redis';
import { connectAll, fmt, median, phase, type PhaseResult } from './lib/load';
import { seed } from './lib/seed';
import { startConfab, stop } from './lib/servers';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const steadyRate = Number(process.env.BENCH_RATE ?? 0);
const paths = (process.env.BENCH_PATHS ?? 'sqlite,pg,pg+redis').split(',');
const timing = {
  steadyRate,
  warmupSeconds: 2,
  phaseSeconds: Number(process.env.BENCH_SECONDS ?? 5),
};
const builds = [
  ...(process.env.BENCH_BASELINE ? [['before', process.env.BENCH_BASELINE]] : []),
  ['after', join(new URL('..', import.meta.url).pathname, 'dist/main.js')],
] as const;

const postgres = await createScratchPostgres(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);
const redis = await createScratchRedis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
const dirs: string[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-bench-paths-'));
  dirs.push(dir);
  return dir;
};
try {
  const sqliteDir = scratchDir();
  const peers = {
    sqlite: await seed({ dataDir: sqliteDir }, clientCount),
    postgres: await seed({ dataDir: tmpdir(), databaseUrl: postgres.url }, clientCount),
  };
  console.log(
    `${clientCount} clients, ${clientCount / 2} chats, ${rounds} rounds, Node ${process.version}`,
  );
  const results = new Map<string, { saturate: PhaseResult[]; steady: PhaseResult[] }>();
  for (let round = 1; round <= rounds; round += 1) {
    for (const path of paths) {
      for (const [build, main] of builds) {
        const env =
          path === 'sqlite'
            ? {}
            : {
                DATABASE_URL: postgres.url,
                ...(path === 'pg+redis'
                  ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix }
                  : {}),
              };
        const node = await startConfab(path === 'sqlite' ? sqliteDir : scratchDir(), main, env);
        const clients = await connectAll(
          node.url,
          path === 'sqlite' ? peers.sqlite : peers.postgres,
          'confab',
        );
        const label = `${path.padEnd(9)} ${build}`;
        const result = results.get(label) ?? { saturate: [], steady: [] };
        results.set(label, result);
        const saturated = await phase(clients, 'saturate', timing);
        result.saturate.push(saturated);
        console.log(`  saturate ${label.padEnd(16)} ${fmt(saturated)}`);
        if (steadyRate > 0) {
          const steady = await phase(clients, 'steady', timing);
          result.steady.push(steady);
          console.log(`  steady   ${label.padEnd(16)} ${fmt(steady)}`);
        }
        for (const client of clients) client.socket.close();
        await stop(node.child);
      }
    }
  }
  console.log('median rounds (saturated: by rate; steady: by p99)');
  for (const [label, { saturate, steady }] of results) {
    console.log(`  ${label.padEnd(16)} saturated ${fmt(median(saturate, 'rate'))}`);
    if (steady.length > 0)
      console.log(`  ${''.padEnd(16)} steady    ${fmt(median(steady, 'p99'))}`);
  }
  if (builds.length === 2) {
    for (const path of paths) {
      const rate = (build: string) =>
        median(results.get(`${path.padEnd(9)} ${build}`)!.saturate, 'rate').rate;
      console.log(
        `  ${path.padEnd(9)} after / before (saturated): ${(rate('after') / rate('before')).toFixed(2)}×`,
      );
    }
  }
} finally {
  await postgres.drop();
  await redis.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
