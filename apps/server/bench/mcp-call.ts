// npm run bench:mcp — what POST /api/mcp/call adds to a tool call (budget: median under 2 ms).
// The same `echo` tool of the reference MCP server is called 1,000 times two ways in one run:
//  - directly: the official SDK client talking to its own stdio server process (the floor);
//  - through Confab: HTTP on loopback to the built server (its own process, signed-in user),
//    which calls its stdio server with the same SDK.
// Calls alternate in blocks so both sides see the same machine state.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startConfab } from './lib/servers';

const calls = Number(process.env.BENCH_CALLS ?? 1000);
const warmup = 100;
const block = 100;
const budgetMs = 2;

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(
  port: number,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: string; cookie?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(cookie && { cookie }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-mcp-'));
  writeFileSync(
    join(dataDir, 'mcp.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    }),
  );
  // The per-user tool-call allowance protects a real site; here it is not what is measured.
  const started = await startConfab(dataDir, undefined, {
    RATE_LIMIT_TOOL_CALLS_PER_MINUTE: '1000000',
  });
  const confab = { port: Number(new URL(started.url).port), child: started.child };
  const direct = new Client({ name: 'bench', version: '1' });
  try {
    const account = {
      username: `bench_${Date.now()}`,
      email: `bench_${Date.now()}@example.com`,
      password: 'bench password 1',
    };
    const registered = await post(confab.port, '/api/_auth/register', account);
    if (registered.status !== 201 || !registered.cookie)
      throw new Error(`register: ${registered.body}`);
    const cookie = registered.cookie;

    await direct.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [everything, 'stdio'],
        stderr: 'ignore',
      }),
    );

    let n = 0;
    const viaDirect = async () => {
      const started = performance.now();
      const result = await direct.callTool({
        name: 'echo',
        arguments: { message: `m${(n += 1)}` },
      });
      const elapsed = performance.now() - started;
      if (!Array.isArray(result.content)) throw new Error('direct call failed');
      return elapsed;
    };
    const viaConfab = async () => {
      const started = performance.now();
      const reply = await post(
        confab.port,
        '/api/mcp/call',
        { client: 'everything', name: 'echo', args: { message: `m${(n += 1)}` } },
        cookie,
      );
      const elapsed = performance.now() - started;
      if (reply.status !== 200) throw new Error(`call: ${reply.status} ${reply.body}`);
      return elapsed;
    };

    for (let i = 0; i < warmup; i += 1) {
      await viaDirect();
      await viaConfab();
    }
    const directTimes: number[] = [];
    const confabTimes: number[] = [];
    while (directTimes.length < calls) {
      for (let i = 0; i < block && directTimes.length < calls; i += 1)
        directTimes.push(await viaDirect());
      for (let i = 0; i < block && confabTimes.length < calls; i += 1)
        confabTimes.push(await viaConfab());
    }

    const added = quantile(confabTimes, 0.5) - quantile(directTimes, 0.5);
    console.log(
      `echo tool, ${calls} calls each (after ${warmup} warm-up calls), Node ${process.version}`,
    );
    console.log(
      `  SDK client, stdio (floor):      median ${ms(quantile(directTimes, 0.5))}   p99 ${ms(quantile(directTimes, 0.99))}`,
    );
    console.log(
      `  POST /api/mcp/call, loopback:   median ${ms(quantile(confabTimes, 0.5))}   p99 ${ms(quantile(confabTimes, 0.99))}`,
    );
    console.log(
      `  median added latency: ${ms(added)} (budget ${budgetMs} ms) ${added < budgetMs ? 'OK' : 'OVER BUDGET'}`,
    );
    if (added >= budgetMs) process.exitCode = 1;
  } finally {
    await direct.close().catch(() => {});
    confab.child.kill('SIGTERM');
    await new Promise((resolve) => confab.child.once('exit', resolve));
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
