import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { freePort } from './free-port';

/** The reference MCP server (a dev dependency of the server workspace). */
export const everythingEntry = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

/**
 * Writes the operator's DATA_DIR/mcp.json of the server under test; the app reads it again on
 * GET /api/mcp/init, which the tool settings call when they open.
 */
export function writeOperatorFile(mcpServers: Record<string, unknown>): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers }));
}

export const everythingStdio = () => ({
  command: process.execPath,
  args: [everythingEntry, 'stdio'],
});

/** The reference server over Streamable HTTP on a free port, as its README starts it. */
export async function startEverythingHttp(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingEntry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`MCP server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, process: child };
}

/**
 * Signs in as the e2e administrator, creating it once and giving it the role as an operator
 * does: `npm run admin -- grant` on the e2e server's database.
 */
export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const account = {
    username: 'e2e_admin',
    email: 'e2e_admin@example.com',
    password: 'correct horse battery',
  };
  const grant = () =>
    execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', account.username], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const registered = await request.post('/api/_auth/register', { data: account });
  if (registered.status() === 201) {
    grant();
    return;
  }
  const login = await request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  if (login.status() !== 200) throw new Error(`admin sign-in failed: ${await login.text()}`);
  // Another worker may have made the account and not yet given it the role.
  const { user } = (await login.json()) as { user: { role: string } };
  if (user.role !== 'admin') grant();
}

/**
 * Adds (or, when an earlier worker of this run added it, points again) a tool server of the
 * reference MCP server at `url`, as an administrator does.
 */
export async function addToolServer(
  key: string,
  url: string,
  approvalPolicy: 'always ask' | 'never ask' | 'ask once per chat',
): Promise<void> {
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  const data = { key, name: key, transport: { type: 'streamable-http', url }, approvalPolicy };
  let saved = await admin.post('/api/mcp/addServer', { data });
  if (saved.status() === 409) saved = await admin.post('/api/mcp/updateServer', { data });
  if (!saved.ok()) throw new Error(`saving ${key}: ${saved.status()} ${await saved.text()}`);
  await admin.dispose();
}
