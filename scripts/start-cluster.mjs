#!/usr/bin/env node
// `npm run start:cluster`: NODES server processes (default 2) on consecutive ports after PORT,
// and nginx on PORT (default 3000) in front of them, as one site on PostgreSQL and Redis.
// nginx runs in the foreground as this script's child with a config generated in a temporary
// folder; Ctrl-C (or SIGTERM) stops nginx and every node, each node gracefully. A node that
// exits on its own (a crash) is started again on its port, after a delay that doubles while it
// keeps failing soon after its start.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, serverEntry, serverNodeFlags } from './lib/build-if-stale.mjs';

const env = process.env;
const fail = (message) => {
  console.error(`[cluster] ${message}`);
  process.exit(1);
};

for (const [name, example] of [
  ['DATABASE_URL', 'postgres://user:password@127.0.0.1:5432/confab'],
  ['REDIS_URL', 'redis://127.0.0.1:6379'],
]) {
  if (!env[name]) fail(`${name} is required: every node shares it (e.g. ${name}=${example}).`);
}
const count = Number(env.NODES || 2);
const port = Number(env.PORT || 3000);
const host = env.HOST || '0.0.0.0';
if (!Number.isInteger(count) || count < 1 || count > 64) fail('NODES must be between 1 and 64.');
if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail('PORT is not a valid port.');

const nginx = env.NGINX || ['/usr/sbin/nginx', 'nginx'].find(isExecutable);
if (!nginx) fail('nginx is missing: install it with "sudo apt-get install -y nginx" (Debian).');

buildApp();

const nodePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
const dir = mkdtempSync(join(tmpdir(), 'confab-cluster-'));
// nginx's workers may run as another user (when started as root): they need to reach the folder.
chmodSync(dir, 0o755);
for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
  mkdirSync(join(dir, temp));
  chmodSync(join(dir, temp), 0o777);
}
writeFileSync(join(dir, 'nginx.conf'), nginxConfig());

const children = new Set();
let stopping = false;

/** `onExit` is told when the child exits while the cluster is not stopping. */
function run(name, command, args, options, onExit) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const prefix = (stream, out) => {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[cluster] ${name} exited (${signal ?? code})`);
      // A node may go: nginx sends its clients to the others. Without nginx there is no site.
      if (name === 'nginx') stop(1);
      else onExit?.();
    }
    if (stopping && children.size === 0) {
      rmSync(dir, { recursive: true, force: true });
      process.exit(exitCode);
    }
  });
  return child;
}

let exitCode = 0;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  console.log('[cluster] stopping nginx and the nodes…');
  if (children.size === 0) {
    rmSync(dir, { recursive: true, force: true });
    process.exit(exitCode);
  }
  // SIGQUIT: nginx finishes the requests it is serving. SIGTERM: each node shuts down gracefully.
  for (const child of children) child.kill(child.spawnfile === nginx ? 'SIGQUIT' : 'SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

// Restart delays: the first restart waits `min`; each one that follows a short run (less than
// `stable`) waits twice as long, up to `max`, so a node that cannot start does not spin.
const restartDelayMs = { min: 1_000, max: 30_000, stable: 60_000 };

function startNode(i, nodePort, delayMs = restartDelayMs.min) {
  const name = `node${i + 1}`;
  const startedAt = Date.now();
  const args = [...serverNodeFlags, '--enable-source-maps', serverEntry];
  const child = run(
    name,
    process.execPath,
    args,
    {
      cwd: process.cwd(),
      // The nodes believe X-Forwarded-* from nginx alone, which connects from this address.
      env: { ...env, PORT: String(nodePort), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' },
    },
    () => {
      const wait = Date.now() - startedAt >= restartDelayMs.stable ? restartDelayMs.min : delayMs;
      console.error(`[cluster] restarting ${name} in ${wait / 1000} s`);
      setTimeout(() => {
        if (!stopping) startNode(i, nodePort, Math.min(wait * 2, restartDelayMs.max));
      }, wait);
    },
  );
  console.log(`[cluster] ${name} started on port ${nodePort} (pid ${child.pid})`);
}

nodePorts.forEach((nodePort, i) => startNode(i, nodePort));

await Promise.all(nodePorts.map(waitUntilReady));
if (!stopping) {
  run('nginx', nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], {});
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host;
  console.log(
    `[cluster] ${count} node(s) on ports ${nodePorts.join(', ')} behind nginx: http://${shown}:${port}`,
  );
}

async function waitUntilReady(nodePort) {
  while (!stopping) {
    try {
      const response = await fetch(`http://127.0.0.1:${nodePort}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function isExecutable(command) {
  return spawnSync(command, ['-v'], { stdio: 'ignore' }).status === 0;
}

function nginxConfig() {
  const servers = nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  // Repeated in each location: nginx drops inherited proxy_set_header lines where a location sets its own.
  // X-Forwarded-For is replaced by the address nginx saw, never appended to: the client writes
  // whatever it likes in its own, and the nodes count sign-ins and registrations per address.
  const forwarded = [
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $http_host;',
  ]
    .map((line) => `      ${line}`)
    .join('\n');
  return `# Generated by npm run start:cluster; removed when it stops.
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }

http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The nodes enforce their own body limits and answer 413 with a readable message.
  client_max_body_size 0;

  # Any node for any request: sessions live in the database, socket rooms in Redis.
  upstream confab {
${servers.join('\n')}
    keepalive 32;
  }

  # socket.io's HTTP long-polling keeps a session in one node's memory: every poll and the
  # upgrade that follows must reach the node that made it, so those requests are pinned by
  # client address. A WebSocket opened directly (transport=websocket, no sid) needs no pinning.
  upstream confab_pinned {
    ip_hash;
${servers.join('\n')}
  }
  map "$arg_transport:$arg_sid" $socket_upstream {
    "websocket:" confab;
    default confab_pinned;
  }

  map $http_upgrade $connection_upgrade {
    default upgrade;
    "" "";
  }

  server {
    listen ${host}:${port};

    proxy_http_version 1.1;
    # A node that refuses connections (stopped) or answers 503 (shutting down) is skipped.
    proxy_next_upstream error timeout http_503;

    location /socket.io/ {
      proxy_pass http://$socket_upstream;
${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # An idle socket stays open; socket.io's pings (every 25 s) keep it alive.
      proxy_read_timeout 1h;
      proxy_buffering off;
    }

    location / {
      proxy_pass http://confab;
${forwarded}
      proxy_set_header Connection "";
    }
  }
}
`;
}
