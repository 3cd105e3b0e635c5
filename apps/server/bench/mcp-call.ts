// npm run bench:mcp — what POST /api/mcp/call adds to a tool call (budget: median under 2 ms).
// The same `echo` tool of the reference MCP server is called 1,000 times each way in one run:
//  - directly: the official SDK client talking to its own stdio server process (the floor);
//  - through Confab: HTTP on loopback to the built server (its own process, signed-in user),
//    which calls its stdio server with the SDK;
//  - BENCH_BASELINE_MAIN=<an older build's main.js> adds that build, measured the same way, and
//    compares what each adds to the floor (an older build must sit where its own dependencies
//    resolve, e.g. inside apps/server).
// On Linux it also prints each server's main-thread CPU time per call: on a busy machine the
// latencies swing by a tenth from run to run, the CPU each build spends on a call much less.
// Calls alternate in blocks so every side sees the same machine state.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startConfab } from './lib/servers';

const calls = Number(process.env.BENCH_CALLS ?? 1000);
const warmup = 100;
const block = 100;
const budgetMs = 2;
// The added latency may grow by at most this much over the baseline build's.
const baselineSlack = 0.1;
const baselineMain = process.env.BENCH_BASELINE_MAIN;

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

interface Side {
  label: string;
  call: () => Promise<number>;
  times: number[];
  /** The server's main-thread CPU time so far, in ms (null where /proc cannot tell). */
  cpuMs?: () => number | null;
}

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** Main-thread user + system time of a process, from /proc (Linux only). */
function mainThreadCpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

/** A built Confab with the reference server over stdio and a signed-in user. */
async function startSide(label: string, main: string | undefined, message: () => string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-mcp-'));
  writeFileSync(
    join(dataDir, 'mcp.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    }),
  );
  // The per-user tool-call allowance protects a real site; here it is not what is measured.
  const started = await startConfab(dataDir, main, {
    RATE_LIMIT_TOOL_CALLS_PER_MINUTE: '1000000',
  });
  const port = Number(new URL(started.url).port);
  const stop = async () => {
    started.child.kill('SIGTERM');
    await new Promise((resolve) => started.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const account = {
    username: `bench_${Date.now()}_${label.length}`,
    email: `bench_${Date.now()}_${label.length}@example.com`,
    password: 'bench password 1',
  };
  const registered = await post(port, '/api/_auth/register', account);
  if (registered.status !== 201 || !registered.cookie) {
    await stop();
    throw new Error(`register: ${registered.body}`);
  }
  const cookie = registered.cookie;
  const side: Side = {
    label,
    times: [],
    cpuMs: () => mainThreadCpuMs(started.child.pid),
    call: async () => {
      const begun = performance.now();
      const reply = await post(
        port,
        '/api/mcp/call',
        { client: 'everything', name: 'echo', args: { message: message() } },
        cookie,
      );
      const elapsed = performance.now() - begun;
      if (reply.status !== 200) throw new Error(`${label} call: ${reply.status} ${reply.body}`);
      return elapsed;
    },
  };
  return { side, stop };
}

async function main() {
  let n = 0;
  const message = () => `m${(n += 1)}`;
  const direct = new Client({ name: 'bench', version: '1' });
  const started = [await startSide('POST /api/mcp/call, loopback', undefined, message)];
  try {
    if (baselineMain)
      started.push(await startSide('baseline build, same call', baselineMain, message));
    await direct.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [everything, 'stdio'],
        stderr: 'ignore',
      }),
    );
    const floor: Side = {
      label: 'SDK client, stdio (floor)',
      times: [],
      call: async () => {
        const begun = performance.now();
        const result = await direct.callTool({ name: 'echo', arguments: { message: message() } });
        const elapsed = performance.now() - begun;
        if (!Array.isArray(result.content)) throw new Error('direct call failed');
        return elapsed;
      },
    };
    const sides = [floor, ...started.map((entry) => entry.side)];

    for (let i = 0; i < warmup; i += 1) for (const side of sides) await side.call();
    const cpuBefore = sides.map((side) => side.cpuMs?.() ?? null);
    while (floor.times.length < calls) {
      for (const side of sides) {
        for (let i = 0; i < block && side.times.length < calls; i += 1) {
          side.times.push(await side.call());
        }
      }
    }
    const cpuPerCall = sides.map((side, index) => {
      const before = cpuBefore[index] ?? null;
      const after = side.cpuMs?.() ?? null;
      return before === null || after === null ? null : ((after - before) * 1000) / calls;
    });

    console.log(
      `echo tool, ${calls} calls each (after ${warmup} warm-up calls), Node ${process.version}`,
    );
    for (const side of sides) {
      console.log(
        `  ${side.label.padEnd(32)} median ${ms(quantile(side.times, 0.5))}   p99 ${ms(quantile(side.times, 0.99))}`,
      );
    }
    const addedBy = (side: Side) => quantile(side.times, 0.5) - quantile(floor.times, 0.5);
    const added = addedBy(sides[1]!);
    console.log(
      `  median added latency: ${ms(added)} (budget ${budgetMs} ms) ${added < budgetMs ? 'OK' : 'OVER BUDGET'}`,
    );
    if (added >= budgetMs) process.exitCode = 1;
    if (sides[2]) {
      const baseline = addedBy(sides[2]);
      const within = added <= baseline * (1 + baselineSlack) || added - baseline < 0.05;
      console.log(
        `  baseline build adds ${ms(baseline)}: this build adds ${(added / baseline).toFixed(2)}× as much (limit ${1 + baselineSlack}×) ${within ? 'OK' : 'OVER'}`,
      );
      if (!within) process.exitCode = 1;
    }
    const [ownCpu, baselineCpu] = [cpuPerCall[1], cpuPerCall[2]];
    if (ownCpu != null) {
      const us = (value: number) => `${value.toFixed(0)} µs`;
      const compared =
        baselineCpu != null
          ? `, baseline build ${us(baselineCpu)} (${(ownCpu / baselineCpu).toFixed(2)}×)`
          : '';
      console.log(`  server main-thread CPU per call: this build ${us(ownCpu)}${compared}`);
    }
  } finally {
    await direct.close().catch(() => {});
    for (const entry of started) await entry.stop();
    agent.destroy();
  }
}

await main();
