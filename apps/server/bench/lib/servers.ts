import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../test/helpers/mcp';

const serverDir = new URL('../..', import.meta.url).pathname;

/** The Node options the server runs with in production (see node-options.json). */
const serverNodeFlags = (
  JSON.parse(readFileSync(join(serverDir, 'node-options.json'), 'utf8')) as { flags: string[] }
).flags;

// One key for every server a bench starts: nodes of one site share their database, and what one
// node seals (the VAPID key, MCP header values) the others must open.
const benchSecretKey = randomBytes(32).toString('base64');

export interface StartedServer {
  url: string;
  child: ChildProcess;
}

/**
 * The built server (dist/main.js, or an older build's `main`) in a process of its own, with the
 * Node options `npm start` gives it, on SQLite in `dataDir` unless `env` names a DATABASE_URL
 * (and a REDIS_URL for a cluster).
 */
export async function startConfab(
  dataDir: string,
  main = join(serverDir, 'dist/main.js'),
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const port = await freePort();
  // BENCH_CPU_PROF=folder writes the server's CPU profile there (to find where time goes).
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags, ...flags, main], {
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
      // Every client of a bench comes from 127.0.0.1.
      HTTP_CONNECTIONS_PER_ADDRESS: '0',
      // Saturated clients send as fast as their acknowledgements come back.
      SOCKET_PACKETS_PER_WINDOW: '1000000',
      // ...and so do REST senders, well past a person's allowance.
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000',
      CONFAB_SECRET_KEY: benchSecretKey,
      ...env,
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
    if (child.exitCode !== null) throw new Error(`Confab (${main}) exited while starting`);
    if (Date.now() - started > 30_000) throw new Error('Confab did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The bare socket.io relay (bench/bare-relay.ts): no session, no database, no checks. With
 * `frames: 'protocol'` it sends the frames and fields Confab's protocol sends per message.
 */
export async function startRelay(frames: 'bare' | 'protocol' = 'bare'): Promise<StartedServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(serverDir, 'bench/bare-relay.ts')],
    {
      cwd: serverDir,
      env: { ...process.env, RELAY_FRAMES: frames },
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

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * CPU seconds a server process has used (all its threads), from /proc (Linux): a cost per message
 * that a machine busy with other work shifts far less than latency or throughput.
 */
export function cpuSecondsOf(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
