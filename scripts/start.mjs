#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then serves the app on PORT (default 3000)
// with its data in DATA_DIR (default ./data, SQLite). No other service is needed.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIfStale(workspace, output, inputs) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = Math.max(...inputs.map((p) => newestMtime(join(root, p))));
  if (built >= sources) return;
  console.log(`[confab] building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfStale('apps/web', join(root, 'apps/web/dist/index.html'), [
  'apps/web',
  'packages/protocol/src',
]);
buildIfStale('apps/server', join(root, 'apps/server/dist/main.js'), [
  'apps/server/src',
  'packages/protocol/src',
]);

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/main.js')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
