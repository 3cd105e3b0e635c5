import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { loadConfig, type AppConfig } from '../../src/config';

/** The real MCP reference server, from node_modules. */
export const everythingEntry = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/** A server built with the SDK 2 server package that speaks only the 2026-07-28 revision. */
export const modernEntry = join(import.meta.dirname, '../fixtures/modern-mcp-server.mjs');

/** An mcp.json entry that runs the 2026-07-28 server over stdio. */
export const modernStdio = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [modernEntry, 'stdio'],
  ...extra,
});

/** An mcp.json entry that runs the reference server over stdio. */
export const everythingStdio = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [everythingEntry, 'stdio'],
  ...extra,
});

export function writeMcpFile(dataDir: string, mcpServers: Record<string, unknown>): void {
  writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers }, null, 2));
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  close(): Promise<void>;
}

/**
 * Starts the reference server's HTTP transport the way its README says
 * (`node dist/index.js streamableHttp` or `sse`, port from PORT) and waits until it listens.
 */
export async function startEverythingHttp(
  mode: 'streamableHttp' | 'sse',
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const child = await startListening([everythingEntry, mode], { PORT: String(port) }, mode);
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    process: child,
    close: () => stopProcess(child),
  };
}

/** Starts the 2026-07-28 server over Streamable HTTP (it refuses 2025-era requests). */
export async function startModernHttp(port?: number): Promise<RunningServer> {
  port ??= await freePort();
  const child = await startListening([modernEntry, 'http', String(port)], {}, 'modern');
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    process: child,
    close: () => stopProcess(child),
  };
}

async function startListening(
  args: string[],
  env: Record<string, string>,
  what: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port|running on port/i.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${what} server exited (${code}): ${output}`)));
  });
  return child;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A plain HTTP server with `size` random (incompressible) bytes at /blob. */
export async function startBlobServer(
  size: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const blob = randomBytes(size);
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.end(blob);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/blob`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` holds (a restart, a connection): the suite's own timeout bounds it. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  intervalMs = 100,
): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A JSON request as a signed-in (or anonymous) user. */
export function requestAs(app: FastifyInstance, cookie: string | undefined) {
  const headers = cookie ? { cookie } : {};
  return {
    cookie,
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: unknown, extraHeaders: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...extraHeaders, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
  };
}

/** The MCP host settings of a test app: production defaults with the given changes. */
export function mcpSettings(changes: Partial<AppConfig['mcp']> = {}): AppConfig['mcp'] {
  // PUBLIC_URL: the origin injected requests come from (OAuth sign-in needs one).
  const mcp = loadConfig({ PUBLIC_URL: 'http://localhost' }).mcp;
  return { ...mcp, restartDelayMs: { min: 200, max: 2000 }, ...changes };
}

/** Whether a process id still names a running process. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A real Streamable HTTP MCP server (the SDK's own) that wants a header: without the right
 * value it answers 401 with `refusalBody`, as an API behind a key does. Its one tool, `whoami`,
 * answers "authorised".
 */
// Both eras, statelessly: a server for each request, built by the same factory.
const serveKeyed = toNodeHandler(
  createMcpHandler(() => {
    const mcp = new McpServer({ name: 'keyed', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says the key was accepted' }, () => ({
      content: [{ type: 'text', text: 'authorised' }],
    }));
    return mcp;
  }),
);

export async function startKeyedMcpServer(options: {
  header: string;
  value: string;
  refusalBody: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.headers[options.header.toLowerCase()] !== options.value) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      response.end(options.refusalBody);
      return;
    }
    void serveKeyed(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The hand-written misbehaving server (test/fixtures/raw-mcp-server.mjs), one mode per entry. */
export const rawEntry = join(import.meta.dirname, '../fixtures/raw-mcp-server.mjs');

/** An mcp.json entry that runs the misbehaving server in `mode` over stdio. */
export const rawStdio = (mode: string, ...args: string[]) => ({
  command: process.execPath,
  args: [rawEntry, mode, ...args],
});
