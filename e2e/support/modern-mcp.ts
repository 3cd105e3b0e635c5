import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-port';

/** The server's test MCP server built with the SDK 2 server package: 2026-07-28 only. */
const modernEntry = resolve(
  import.meta.dirname,
  '../../apps/server/test/fixtures/modern-mcp-server.mjs',
);

/** The 2026-07-28 server over Streamable HTTP on a free port (it refuses 2025-era requests). */
export async function startModernHttp(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [modernEntry, 'http', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((done, fail) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on port')) done();
    });
    child.once('exit', (code) => fail(new Error(`MCP server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, process: child };
}
