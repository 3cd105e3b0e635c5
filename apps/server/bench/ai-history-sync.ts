// npm run bench:ai-history — what a fresh device costs to sync an account's AI history. One
// account is seeded with BENCH_CHATS chats of BENCH_MESSAGES_PER_CHAT messages each (prompts of
// about 200 characters, replies of about 1,500) through the real push route over HTTP, into the
// built server (dist/main.js) in a process of its own. Then a fresh device pulls: the chat list
// (GET chats since 0), then every page of messages. Reported: the time of each, the bytes on the
// wire as the server sends them to a browser (Accept-Encoding: br, gzip), the bytes of JSON
// they unpack to, and the server process's RSS. On SQLite and on PostgreSQL
// (BENCH_DATABASE_URL, a server where a scratch database is created; BENCH_PATHS=sqlite,pg).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  aiHistoryPushMax,
  aiHistoryRoutes,
  type AiHistoryChange,
  type AiHistoryPushChange,
} from '@confab/protocol/ai-history';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { createScratchPostgres } from '../test/helpers/database-targets';
import { startConfab, stop } from './lib/servers';

const chatCount = Number(process.env.BENCH_CHATS ?? 1_000);
const perChat = Number(process.env.BENCH_MESSAGES_PER_CHAT ?? 20);
const paths = (process.env.BENCH_PATHS ?? 'sqlite,pg').split(',');
const agent = new http.Agent({ keepAlive: true });

interface Reply {
  status: number;
  /** Bytes of the body as sent (compressed when the server compressed it). */
  wireBytes: number;
  json: unknown;
  jsonBytes: number;
}

/** One request as a browser sends it; the body is read raw, then unpacked. */
function request(
  url: string,
  method: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<Reply & { cookie?: string }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          'accept-encoding': 'gzip, deflate, br, zstd',
          ...(cookie && { cookie }),
          ...(payload && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          const setCookie = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({
            status: res.statusCode ?? 0,
            wireBytes: raw.length,
            json: JSON.parse(text.toString('utf8')) as unknown,
            jsonBytes: text.length,
            ...(setCookie && { cookie: setCookie }),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let seed = 1;
/** mulberry32: a repeatable stream of numbers below `below` (32-bit integer arithmetic). */
function random(below: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
}
// 4,000 made-up words of 1 to 4 syllables: text of them compresses about as well as prose does
// (a handful of real words repeated would compress far better than a real reply).
const syllables =
  'ka to ri mu se na lo ve chi pra stu den gor ith el an qu ox ry zem fla bri'.split(' ');
const words = Array.from({ length: 4_000 }, () =>
  Array.from({ length: 1 + random(4) }, () => syllables[random(syllables.length)]!).join(''),
);
const punctuation = ['', '', '', '', ',', '.', '.\n'];

/** Deterministic pseudo-random prose of `length` characters. */
function prose(length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    // Common words come up far more often than rare ones, as in text.
    const word = words[Math.floor(words.length * (random(1000) / 1000) ** 2)]!;
    const part = word + punctuation[random(punctuation.length)]!;
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join(' ').slice(0, length);
}

function chat(i: number): AiChat {
  const at = 1_700_000_000_000 + i * 60_000;
  return {
    id: `chat-${i}`,
    createdAt: at,
    summary: prose(40),
    model: 'gpt-4o-mini',
    systemMessage: prose(120),
    maxCtxMessages: 10,
    temperature: 0.7,
    maxTokens: null,
    prompt: '',
    input: '',
    stream: true,
    context: '',
    updatedAt: at,
  };
}

function message(chatIndex: number, i: number): AiChatMessage {
  return {
    id: `message-${chatIndex}-${i}`,
    chatId: `chat-${chatIndex}`,
    prompt: prose(200),
    reply: prose(1_500),
    reasoning: '',
    model: 'gpt-4o-mini',
    provider: 'openai',
    temperature: 0.7,
    maxTokens: null,
    inputTokens: 250,
    outputTokens: 400,
    memo: '',
    isActive: true,
    citedFiles: [],
    citedChunks: [],
    createdAt: 1_700_000_000_000 + chatIndex * 60_000 + i * 1_000,
  };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const mib = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} KiB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function run(path: string, dataDir: string, env: Record<string, string>): Promise<void> {
  const node = await startConfab(dataDir, undefined, {
    RATE_LIMIT_AI_HISTORY_PER_MINUTE: '1000000',
    ...env,
  });
  const pid = node.child.pid!;
  try {
    const registered = await request(`${node.url}/api/_auth/register`, 'POST', undefined, {
      username: 'bench_history',
      email: 'bench_history@example.com',
      password: 'correct horse battery',
    });
    const cookie = registered.cookie;
    if (registered.status !== 201 || !cookie) throw new Error('register failed');
    const rssStart = rssMiB(pid);

    // Seed: each chat, then its messages, in pushes of the most a push may carry.
    const changes: AiHistoryPushChange[] = [];
    for (let c = 0; c < chatCount; c += 1) {
      changes.push({ kind: 'chat', chat: chat(c), baseRevision: 0 });
      for (let m = 0; m < perChat; m += 1)
        changes.push({ kind: 'message', message: message(c, m) });
    }
    const seedStarted = performance.now();
    let pushedBytes = 0;
    for (let i = 0; i < changes.length; i += aiHistoryPushMax) {
      const batch = { changes: changes.slice(i, i + aiHistoryPushMax) };
      pushedBytes += Buffer.byteLength(JSON.stringify(batch));
      const pushed = await request(`${node.url}${aiHistoryRoutes.chats}`, 'POST', cookie, batch);
      if (pushed.status !== 200) throw new Error(`push failed: ${JSON.stringify(pushed.json)}`);
    }
    const seedMs = performance.now() - seedStarted;
    const rssSeeded = rssMiB(pid);

    // A fresh device: the chat list first (what it shows), then every page of messages.
    const listStarted = performance.now();
    const list = await request(`${node.url}${aiHistoryRoutes.chats}?since=0`, 'GET', cookie);
    const listMs = performance.now() - listStarted;
    const listed = (list.json as { data: { changes: AiHistoryChange[] } }).data.changes.length;

    const pagesStarted = performance.now();
    let since = 0;
    let pages = 0;
    let pulled = 0;
    let wire = 0;
    let json = 0;
    for (;;) {
      const page = await request(
        `${node.url}${aiHistoryRoutes.messages}?since=${since}`,
        'GET',
        cookie,
      );
      const data = (page.json as { data: { changes: AiHistoryChange[]; more: boolean } }).data;
      pages += 1;
      pulled += data.changes.length;
      wire += page.wireBytes;
      json += page.jsonBytes;
      if (!data.more) break;
      since = data.changes.at(-1)!.revision;
    }
    const pagesMs = performance.now() - pagesStarted;
    const rssPulled = rssMiB(pid);

    console.log(`${path}:`);
    console.log(
      `  seed      ${changes.length} changes in ${Math.ceil(changes.length / aiHistoryPushMax)} pushes: ${(seedMs / 1000).toFixed(1)} s (${mib(pushedBytes)} of JSON pushed)`,
    );
    console.log(
      `  chat list ${listed} chats: ${listMs.toFixed(0)} ms, ${mib(list.wireBytes)} on the wire (${mib(list.jsonBytes)} of JSON)`,
    );
    console.log(
      `  messages  ${pulled} in ${pages} pages: ${(pagesMs / 1000).toFixed(2)} s, ${mib(wire)} on the wire (${mib(json)} of JSON)`,
    );
    console.log(
      `  rss       ${rssStart.toFixed(0)} MiB at start, ${rssSeeded.toFixed(0)} MiB after seeding, ${rssPulled.toFixed(0)} MiB after the pulls`,
    );
  } finally {
    await stop(node.child);
  }
}

console.log(
  `${chatCount} chats × ${perChat} messages (prompt ~200, reply ~1,500 characters), Node ${process.version}`,
);
for (const path of paths) {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-ai-history-'));
  const postgres =
    path === 'pg'
      ? await createScratchPostgres(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
        )
      : undefined;
  try {
    await run(path, dataDir, postgres ? { DATABASE_URL: postgres.url } : {});
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
agent.destroy();
