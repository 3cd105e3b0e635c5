// Builds a workspace when its output is missing or older than its sources (npm start, npm run
// start:cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

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

export function buildIfStale(workspace, output, inputs) {
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

/** The web app (unless WEB_DIST_DIR is set empty: API only) and the server bundle. */
export function buildApp() {
  if (process.env.WEB_DIST_DIR !== '') {
    buildIfStale('apps/web', join(root, 'apps/web/dist/index.html'), [
      'apps/web',
      'packages/protocol/src',
    ]);
  }
  buildIfStale('apps/server', join(root, 'apps/server/dist/main.js'), [
    'apps/server/src',
    'packages/protocol/src',
  ]);
}

export const serverEntry = join(root, 'apps/server/dist/main.js');

/** The Node options the server runs with (see apps/server/node-options.json for why). */
export const serverNodeFlags = JSON.parse(
  readFileSync(join(root, 'apps/server/node-options.json'), 'utf8'),
).flags;
