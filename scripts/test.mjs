#!/usr/bin/env node
// `npm test`: every test of every workspace, end to end included.
// PostgreSQL and Redis suites use TEST_DATABASE_URL / TEST_REDIS_URL when set (CI sets them);
// otherwise the local defaults are probed and used when they answer, and skipped (loudly) when not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env };

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

async function pickService(name, variable, fallback, defaultPort) {
  if (env[variable]) {
    console.log(
      `[confab] ${name}: ${variable} is set; its suites run (and fail if it does not answer).`,
    );
    return;
  }
  if (await reachable(fallback, defaultPort)) {
    env[variable] = fallback;
    console.log(`[confab] ${name}: found at ${fallback}; its suites run.`);
  } else {
    console.log(
      `[confab] ${name}: nothing answers at ${fallback}; its suites are SKIPPED. Set ${variable} to run them.`,
    );
  }
}

await pickService(
  'PostgreSQL',
  'TEST_DATABASE_URL',
  'postgres://postgres@127.0.0.1:5432/test',
  5432,
);
await pickService('Redis', 'TEST_REDIS_URL', 'redis://127.0.0.1:6379', 6379);

const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('[confab] installing Chromium from Debian (apt-get install -y chromium)…');
    const apt = spawnSync(
      'sh',
      ['-c', 'apt-get install -y chromium || (apt-get update && apt-get install -y chromium)'],
      { stdio: 'inherit' },
    );
    if (apt.status !== 0) process.exit(apt.status ?? 1);
  } else {
    console.error(
      `[confab] Chromium is missing at ${chromium}. Install it with "sudo apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH to a Chromium binary), then run npm test again.',
    );
    process.exit(1);
  }
}

// nginx fronts the nodes in the start:cluster test; without it that test says it was skipped.
if (!existsSync('/usr/sbin/nginx') && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(
    '[confab] installing nginx from Debian for the cluster test (apt-get install -y nginx)…',
  );
  const apt = spawnSync(
    'sh',
    ['-c', 'apt-get install -y nginx || (apt-get update && apt-get install -y nginx)'],
    {
      stdio: 'inherit',
    },
  );
  if (apt.status !== 0)
    console.log('[confab] nginx could not be installed: the start:cluster test will be SKIPPED');
}

function run(args) {
  console.log(`\n[confab] npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['run', 'test:unit']);
run(['run', 'test:e2e']);
