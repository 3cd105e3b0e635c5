// npm run bench:web — two budgets of the foundation, measured on the built app:
//  1. initial JavaScript of /public/login, gzip (budget 150 KB), and that other routes load lazily;
//  2. time from `npm start` (already built) to the first 200 on /api/health (budget 1.5 s),
//     beside a bare Node HTTP server started the same way in the same run (the machine's floor).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 7);

async function timeToFirst200(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: (port: number) => string,
) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
    // Its own process group: `npm start` runs the server as a grandchild, which a signal to npm
    // alone would leave running.
    detached: true,
  });
  try {
    for (;;) {
      try {
        const response = await fetch(url(port));
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
      if (performance.now() - started > 30_000)
        throw new Error(`${command} ${args.join(' ')} did not answer in 30 s`);
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startup() {
  const bare = `require('http').createServer((q,s)=>s.end('{"ok":true}')).listen(process.env.PORT,'127.0.0.1')`;
  const app: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-'));
    try {
      app.push(
        await timeToFirst200(
          'npm',
          ['start', '--silent'],
          { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
          (p) => `http://127.0.0.1:${p}/api/health`,
        ),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    floor.push(
      await timeToFirst200(
        'npm',
        ['exec', '--silent', '--', 'node', '-e', bare],
        {},
        (p) => `http://127.0.0.1:${p}/`,
      ),
    );
  }
  return { app: median(app), floor: median(floor), all: app };
}

async function initialJs() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    for (let i = 0; i < 200; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`http://127.0.0.1:${port}/public/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const loginScripts = new Map(scripts);
    scripts.clear();
    await page.goto(`http://127.0.0.1:${port}/public/register`, { waitUntil: 'networkidle' });
    return { loginScripts, registerOnly: [...scripts.keys()].filter((s) => !loginScripts.has(s)) };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const js = await initialJs();
const total = [...js.loginScripts.values()].reduce((a, b) => a + b, 0);
console.log('\nInitial JavaScript of /public/login (gzip -9, as the browser loaded it):');
for (const [path, size] of [...js.loginScripts].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${path}`);
}
console.log(
  `  ${(total / 1024).toFixed(1).padStart(7)} KB  total (budget 150 KB: ${total <= 150 * 1024 ? 'met' : 'MISSED'})`,
);
console.log(
  `  chunks loaded only when /public/register opens (lazy routes): ${js.registerOnly.length}`,
);

const s = await startup();
console.log(`\nnpm start → first 200 on /api/health, median of ${runs} (fresh DATA_DIR each):`);
console.log(
  `  Confab:            ${s.app.toFixed(0)} ms  (runs: ${s.all.map((v) => v.toFixed(0)).join(', ')})`,
);
console.log(`  bare Node server:  ${s.floor.toFixed(0)} ms  (same launcher, same run)`);
console.log(
  `  ratio ${(s.app / s.floor).toFixed(2)}x; budget 1500 ms: ${s.app <= 1500 ? 'met' : 'MISSED'}`,
);
