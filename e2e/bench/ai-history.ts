// npm run bench:ai-history — a new device of an account with 1,000 AI chats and 20,000 messages
// (issue 21): in Chromium on the built app, the time from opening the AI chat until the chat list
// shows every chat (budget 2 s) and until every message is in the device's IndexedDB, the bytes
// of AI history that crossed the wire, and the page's JavaScript heap once synced; beside an
// account of 10 chats / 200 messages measured the same way in the same run.
//
// The history is seeded through the real push route, in the batches a device sends. With
// BENCH_DATABASE_URL the server runs on PostgreSQL (a database of its own, dropped after).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { aiHistoryPushMax, aiHistoryRoutes } from '@confab/protocol/ai-history';
import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import pg from 'pg';
import { newAccount } from '../support/accounts';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';
import { waitForServer } from '../support/wait-for-server';

const root = new URL('../..', import.meta.url).pathname;
const sizes = {
  baseline: { chats: 10, messages: 200 },
  large: { chats: 1_000, messages: 20_000 },
} as const;
type Size = keyof typeof sizes;
const listBudgetMs = 2_000;

const words =
  'the of and to in is you that it he was for on are as with his they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part';
/** Varied prose-like text: words drawn by a seeded generator, so it compresses like writing. */
const text = (seed: number, length: number) => {
  const list = words.split(' ');
  let state = (seed * 2654435761) >>> 0 || 1;
  let out = '';
  while (out.length < length) {
    state = (state * 1664525 + 1013904223) >>> 0;
    out += `${list[state % list.length]}${state % 11 === 0 ? '. ' : ' '}`;
  }
  return out.slice(0, length);
};

function history(size: Size) {
  const { chats, messages } = sizes[size];
  const perChat = messages / chats;
  const start = Date.parse('2026-06-01T00:00:00.000Z');
  const chatRows: AiChat[] = [];
  const messageRows: AiChatMessage[] = [];
  for (let c = 0; c < chats; c += 1) {
    const id = `00000000-0000-4000-8000-${String(c).padStart(12, '0')}`;
    const at = start + c * 60_000;
    chatRows.push({
      id,
      createdAt: at,
      updatedAt: at + perChat * 1000,
      summary: `Chat ${c}: ${text(c, 30)}`,
      model: '',
      systemMessage: '',
      maxCtxMessages: 10,
      temperature: 1,
      maxTokens: null,
      prompt: '',
      input: '',
      stream: true,
      context: '',
    });
    for (let m = 0; m < perChat; m += 1) {
      messageRows.push({
        id: `m-${c}-${m}`,
        chatId: id,
        prompt: text(c + m, 200),
        reply: text(c * 3 + m, 1_500),
        reasoning: '',
        model: 'gpt-4o-mini',
        provider: 'OpenAI',
        temperature: 1,
        maxTokens: null,
        inputTokens: 120,
        outputTokens: 400,
        memo: '',
        isActive: false,
        citedFiles: [],
        citedChunks: [],
        createdAt: at + m * 1000,
      });
    }
  }
  return { chats: chatRows, messages: messageRows };
}

async function seed(request: APIRequestContext, size: Size) {
  const { chats, messages } = history(size);
  const changes = [
    ...chats.map((chat) => ({ kind: 'chat' as const, chat, baseRevision: 0 })),
    ...messages.map((message) => ({ kind: 'message' as const, message })),
  ];
  for (let i = 0; i < changes.length; i += aiHistoryPushMax) {
    const batch = changes.slice(i, i + aiHistoryPushMax);
    const reply = await request.post(aiHistoryRoutes.chats, { data: { changes: batch } });
    if (reply.status() !== 200) throw new Error(`push: ${reply.status()} ${await reply.text()}`);
  }
  return chats.length;
}

/** A new device: a fresh context signed in as `account`, opening the AI chat. */
async function newDevice(
  browser: Browser,
  base: string,
  account: ReturnType<typeof newAccount>,
  chats: number,
) {
  const context = await browser.newContext({ baseURL: base, locale: 'en-GB' });
  const page = await context.newPage();
  const login = await page.request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const historyRequests = new Set<string>();
  let wireBytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.url.includes('/api/ai-history/')) historyRequests.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (historyRequests.has(event.requestId)) wireBytes += event.encodedDataLength;
  });

  const started = Date.now();
  await page.goto('/agents/mindBox');
  const list = page.getByRole('navigation', { name: 'AI chats' });
  // Listed: the newest chat is at the top, and the list scrolled to its end shows the oldest.
  await list.getByRole('button', { name: `Rename: Chat ${chats - 1}:`, exact: false }).waitFor({
    timeout: 60_000,
  });
  const rows = list.getByRole('list');
  await rows.evaluate((element) => {
    const scroller = element.parentElement!;
    scroller.scrollTop = scroller.scrollHeight;
  });
  await list.getByRole('button', { name: 'Rename: Chat 0:', exact: false }).waitFor({
    timeout: 60_000,
  });
  const listedMs = Date.now() - started;
  // Every message in the device's IndexedDB (evaluate awaits the count; waitForFunction would
  // take the pending promise for a truthy answer).
  const expected = sizes[chats === sizes.large.chats ? 'large' : 'baseline'].messages;
  for (let stored = 0; stored < expected;) {
    if (Date.now() - started > 300_000) throw new Error(`only ${stored} messages synced`);
    await page.waitForTimeout(100);
    stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('confab-ai');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      try {
        return await new Promise<number>((resolve) => {
          const request = db
            .transaction('chatByAiMessages')
            .objectStore('chatByAiMessages')
            .count();
          request.onsuccess = () => resolve(request.result);
        });
      } finally {
        db.close();
      }
    });
  }
  const syncedMs = Date.now() - started;
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await context.close();
  return { listedMs, syncedMs, wireBytes, heapMb: heap / 1024 / 1024 };
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
let database: { url: string; drop: () => Promise<void> } | null = null;
if (databaseUrl) {
  const name = `confab_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  database = {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AI_HISTORY_PER_MINUTE: '100000',
  },
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  await waitForServer(`${base}/api/health`);
  const results: Record<Size, Awaited<ReturnType<typeof newDevice>>> = {} as never;
  for (const size of ['baseline', 'large'] as const) {
    const context = await browser.newContext({ baseURL: base });
    const account = newAccount('bench');
    const registered = await context.request.post('/api/_auth/register', { data: account });
    if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()}`);
    const seeded = Date.now();
    const chats = await seed(context.request, size);
    console.log(`seeded ${size} in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await context.close();
    results[size] = await newDevice(browser, base, account, chats);
  }
  console.log(
    `\nA new device opening the AI chat (${database ? 'PostgreSQL' : 'SQLite'}, Chromium, built app):`,
  );
  for (const size of ['baseline', 'large'] as const) {
    const r = results[size];
    const { chats, messages } = sizes[size];
    console.log(
      `  ${String(chats).padStart(5)} chats / ${String(messages).padStart(6)} messages: listed ${r.listedMs} ms, ` +
        `all synced ${(r.syncedMs / 1000).toFixed(1)} s, ${(r.wireBytes / 1024 / 1024).toFixed(2)} MB on the wire, ` +
        `JS heap ${r.heapMb.toFixed(1)} MB`,
    );
  }
  const large = results.large;
  console.log(
    `  listed within ${listBudgetMs} ms: ${large.listedMs <= listBudgetMs ? 'met' : 'MISSED'}; ` +
      `large vs baseline: listed ${(large.listedMs / results.baseline.listedMs).toFixed(2)}x, ` +
      `synced ${(large.syncedMs / results.baseline.syncedMs).toFixed(2)}x`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}
