import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { contactsPaths } from '@confab/protocol/contacts';
import { createScratchPostgres, postgresServerUrl } from '../helpers/database-targets';
import type { ScratchPostgres } from '../helpers/database-targets';
import { eventually, freePort } from '../helpers/mcp';
import { createScratchRedis, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { clusterSkipReason, registerOverHttp } from './cluster';

const hasNginx = spawnSync('/usr/sbin/nginx', ['-v']).status === 0;
const skipReason =
  clusterSkipReason ?? (hasNginx ? undefined : 'start:cluster SKIPPED: nginx is not installed');
const root = resolve(import.meta.dirname, '../../../..');

describe.skipIf(skipReason)('npm run start:cluster: nodes behind nginx', () => {
  let postgres: ScratchPostgres;
  let redis: ScratchRedis;
  let script: ChildProcess;
  let output = '';
  let base: string;

  beforeAll(async () => {
    postgres = await createScratchPostgres(postgresServerUrl!);
    redis = await createScratchRedis(redisServerUrl!);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    script = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        NODES: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: redis.prefix,
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [script.stdout!, script.stderr!]) {
      stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    }
    await eventually(async () => {
      if (script.exitCode !== null) throw new Error(`start:cluster exited:\n${output}`);
      if (!/behind nginx/.test(output)) return false;
      // nginx is spawned just before the line is printed: it may not be listening yet.
      const ready = await fetch(`${base}/api/ready`).catch(() => null);
      return ready?.status === 200;
    }, 250);
  }, 120_000);
  afterAll(async () => {
    if (script && script.exitCode === null) script.kill('SIGKILL');
    await postgres?.drop();
    await redis?.drop();
  });

  const signUp = async () => {
    const { user, cookie } = await registerOverHttp(base);
    return { cookie, username: user.username };
  };
  const tab = (cookie: string, transports: string[]) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(base, {
        path: '/socket.io',
        extraHeaders: { cookie },
        transports,
        forceNew: true,
        reconnection: false,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  it('delivers to tabs on WebSocket, upgraded polling and plain polling alike', async () => {
    for (const transports of [['websocket'], ['polling', 'websocket'], ['polling']]) {
      const receiver = await signUp();
      const sender = await signUp();
      const socket = await tab(receiver.cookie, transports);
      try {
        const arrived = new Promise<string>((resolve) =>
          socket.once('newFriendMessage', (payload: { contact: { senderUsername: string } }) =>
            resolve(payload.contact.senderUsername),
          ),
        );
        const sent = await fetch(`${base}${contactsPaths.add}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: sender.cookie },
          body: JSON.stringify({ receiverName: receiver.username }),
        });
        expect(sent.status).toBe(200);
        expect(await arrived).toBe(sender.username);
      } finally {
        socket.close();
      }
    }
  });

  it('counts sign-ins under the address nginx saw, not one the client wrote in X-Forwarded-For', async () => {
    // The default limit: 20 sign-in attempts per client address per minute.
    // A new name each time, so that no account's own limit is what answers.
    const attempt = (i: number) =>
      fetch(`${base}/api/_auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ username: `nobody_${i}`, password: 'wrong password' }),
      });
    for (let i = 1; i <= 20; i += 1) expect((await attempt(i)).status).toBe(401);
    const limited = await attempt(21);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('starts a node again when it exits on its own, and the site serves through it', async () => {
    const pidOf = (name: string) =>
      [
        ...output.matchAll(
          new RegExp(`\\[cluster\\] ${name} started on port (\\d+) \\(pid (\\d+)\\)`, 'g'),
        ),
      ]
        .map((match) => ({ port: match[1]!, pid: Number(match[2]) }))
        .at(-1)!;
    const first = pidOf('node1');
    process.kill(first.pid, 'SIGKILL');
    await eventually(async () => {
      const now = pidOf('node1');
      if (now.pid === first.pid) return false;
      const ready = await fetch(`http://127.0.0.1:${now.port}/api/ready`).catch(() => null);
      return ready?.status === 200;
    }, 250);
    expect(output).toContain('[cluster] node1 exited (SIGKILL)');
    expect(output).toContain('[cluster] restarting node1 in 1 s');
    expect(pidOf('node1').port).toBe(first.port);
    // The restarted node reads the site's sessions: one made through nginx is signed in there.
    const { cookie, username } = await signUp();
    const session = await fetch(`http://127.0.0.1:${first.port}/api/_auth/session`, {
      headers: { cookie },
    });
    expect(await session.json()).toMatchObject({ user: { username } });
  }, 60_000);

  it('stops nginx and every node on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => script.once('exit', resolve));
    script.kill('SIGINT');
    expect(await exited).toBe(0);
    const nodePorts = /on ports ([\d, ]+) behind nginx/.exec(output)![1]!.split(', ');
    expect(nodePorts).toHaveLength(2);
    for (const url of [base, ...nodePorts.map((port) => `http://127.0.0.1:${port}`)]) {
      await expect(fetch(`${url}/api/ready`)).rejects.toThrow();
    }
  }, 30_000);
});

if (skipReason) console.warn(`[confab] ${skipReason}`);
