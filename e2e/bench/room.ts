// npm run bench:room — the chat room's budget (issue 23), measured in Chromium on the built app.
// A chat of 10,000 messages (seeded straight into the SQLite database, as the history bench does)
// is opened by its reader, who pages back through older pages (BENCH_PAGES, 40 pages of 50:
// 2,000 more messages held) and then, at the bottom, receives live messages from the other
// participant, sent one at a time through the social API:
//  (a) a live message: from its socket event reaching the page to the frame after it is in the
//      DOM, p50 and p95 over BENCH_MESSAGES (40) messages; budget p95 ≤ 50 ms;
//  (b) paging back: the longest long task and the longest gap between two frames while the
//      older pages load and are laid out; budget: no frame over 50 ms.
// WEB_DIST_DIRS (comma-separated, default the branch's apps/web/dist) runs the same measurements
// against each build in one run, on the same data: a build of main beside the branch's.
// BENCH_TRACE=1 traces the paging back and prints what each long task spent its time on.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, request, type Browser } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { newAccount } from '../support/accounts';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';
import { waitForServer } from '../support/wait-for-server';
import { describeLongTasks, startTrace } from './task-trace';

const root = new URL('../..', import.meta.url).pathname;
const total = Number(process.env.BENCH_CHAT_MESSAGES ?? 10_000);
const pages = Number(process.env.BENCH_PAGES ?? 40);
const liveMessages = Number(process.env.BENCH_MESSAGES ?? 40);
const budgetMs = 50;
const builds = (process.env.WEB_DIST_DIRS ?? join(root, 'apps/web/dist'))
  .split(',')
  .map((dir) => resolve(dir.trim()));

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

declare global {
  interface Window {
    __roomBench: {
      arrivals: Record<string, number>;
      shown: Record<string, number>;
      pagesLoaded: number;
      longTasks: number[];
      longestFrame: number;
      watchFrames: boolean;
    };
  }
}

/**
 * Runs in the page before the app: the time each socket frame naming a live message arrives,
 * the frame after that message's text enters the DOM, the pages of history loaded (the log's
 * aria-busy going back to false), long tasks and the longest gap between frames.
 */
function instrument() {
  const bench: Window['__roomBench'] = {
    arrivals: {},
    shown: {},
    pagesLoaded: 0,
    longTasks: [],
    longestFrame: 0,
    watchFrames: false,
  };
  window.__roomBench = bench;
  const marker = /live-(\d+)-end/g;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        for (const match of event.data.matchAll(marker))
          bench.arrivals[match[1]!] ??= performance.now();
      });
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        const log = record.target as Element;
        if (record.oldValue === 'true' && log.getAttribute('aria-busy') === 'false')
          bench.pagesLoaded += 1;
        continue;
      }
      for (const node of record.addedNodes) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(marker)) {
          const id = match[1]!;
          if (bench.shown[id] || !bench.arrivals[id]) continue;
          bench.shown[id] = -1;
          requestAnimationFrame(() => (bench.shown[id] = performance.now()));
        }
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
    attributeOldValue: true,
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  let last = 0;
  const frame = (now: number) => {
    if (bench.watchFrames && last) bench.longestFrame = Math.max(bench.longestFrame, now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** `count` messages in `chatId`, alternating senders, one second apart, some long. */
function seed(file: string, chatId: string, senders: string[], count: number): void {
  const db = new SQLite(file);
  const insert = db.prepare(
    `insert into messages (id, chat_id, seq, sender_id, client_id, content, content_type, created_at)
     values (?, ?, ?, ?, ?, ?, 'text', ?)`,
  );
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let seq = 1; seq <= count; seq += 1) {
      // Runs of a few messages by one sender, as people write; every 9th is a paragraph.
      const sender = senders[Math.floor(seq / 3) % senders.length]!;
      const content =
        seq % 9 === 0
          ? `message ${seq}: ${'a longer thought that wraps over a few lines of the bubble '.repeat(4)}`
          : `message ${seq}`;
      insert.run(randomUUID(), chatId, seq, sender, randomUUID(), content, start + seq * 60_000);
    }
    db.prepare('update chats set last_seq = ? where id = ?').run(count, chatId);
    db.prepare('update chat_participants set unread = 0, last_read_seq = ? where chat_id = ?').run(
      count,
      chatId,
    );
  })();
  db.close();
}

function startServer(port: number, dataDir: string, webDist: string): ChildProcess {
  return spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTER_PER_HOUR: '10000',
    },
    stdio: 'ignore',
  });
}

async function stopServer(server: ChildProcess) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

/** Two friends and their chat, made through the API. */
async function friends(base: string) {
  const people = [];
  for (const prefix of ['reader', 'writer']) {
    const context = await request.newContext({ baseURL: base });
    const account = newAccount(prefix);
    const reply = await context.post('/api/_auth/register', { data: account });
    if (reply.status() !== 201) throw new Error(`register failed: ${reply.status()}`);
    const me = (await (await context.get('/api/_auth/session')).json()) as {
      data?: { user?: { id: string } };
      user?: { id: string };
    };
    const id = me.data?.user?.id ?? me.user?.id;
    if (!id) throw new Error('no session user');
    people.push({ context, account, id });
  }
  const [reader, writer] = people as [(typeof people)[0], (typeof people)[0]];
  const ok = async <T>(reply: Awaited<ReturnType<typeof reader.context.post>>) => {
    if (!reply.ok()) throw new Error(`${reply.url()}: ${reply.status()} ${await reply.text()}`);
    return ((await reply.json()) as { data: T }).data;
  };
  const { contact } = await ok<{ contact: { id: string } }>(
    await reader.context.post('/api/chat-social-msg/contacts/add', {
      data: { receiverName: writer.account.username },
    }),
  );
  await ok(
    await writer.context.post('/api/chat-social-msg/contacts/accept', {
      data: { contact: contact.id },
    }),
  );
  const { chatId } = await ok<{ chatId: string }>(
    await reader.context.post('/api/chat-social-msg/contacts/chat', {
      data: { contact: contact.id },
    }),
  );
  return { reader, writer, chatId };
}

async function measure(
  browser: Browser,
  base: string,
  reader: Awaited<ReturnType<typeof friends>>['reader'],
  writer: Awaited<ReturnType<typeof friends>>['writer'],
  chatId: string,
  round: number,
) {
  // The reader's session cookie, from the API context that signed up.
  const context = await browser.newContext({
    baseURL: base,
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    storageState: await reader.context.storageState(),
  });
  try {
    await context.addInitScript('window.__name = (f) => f;');
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto(`/socialChatRoom?chat=${chatId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    // The latest message (an earlier round's live ones follow the seeded 10,000).
    await log.getByRole('article').last().waitFor({ timeout: 30_000 });

    // (b) Paging back: to the top, wait for the page, again.
    await page.evaluate(() => {
      window.__roomBench.longTasks = [];
      window.__roomBench.longestFrame = 0;
      window.__roomBench.watchFrames = true;
    });
    const trace = process.env.BENCH_TRACE ? await startTrace(page) : null;
    const pagingStarted = Date.now();
    for (let i = 1; i <= pages; i += 1) {
      await log.evaluate((el) => (el.scrollTop = 0));
      await page.waitForFunction((n) => window.__roomBench.pagesLoaded >= n, i, {
        timeout: 30_000,
      });
    }
    // The last page's rows laid out and painted.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const paging = await page.evaluate(() => {
      window.__roomBench.watchFrames = false;
      return {
        longestTask: Math.max(0, ...window.__roomBench.longTasks),
        longTasks: window.__roomBench.longTasks.length,
        longestFrame: window.__roomBench.longestFrame,
      };
    });
    const pagingMs = Date.now() - pagingStarted;
    if (trace) console.log(`paging back:\n${describeLongTasks(await trace.stop()).join('\n')}`);
    const held = await log.evaluate((el) => el.querySelectorAll('article').length);

    // (a) Live messages at the bottom, one at a time.
    await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(300);
    await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(300);
    const delays: number[] = [];
    for (let i = 0; i < liveMessages; i += 1) {
      const id = `${round}${String(i).padStart(3, '0')}`;
      const sent = await writer.context.post(`/api/chat-social-msg/${chatId}/messages`, {
        data: { content: `live-${id}-end`, clientId: randomUUID() },
      });
      if (!sent.ok()) throw new Error(`send failed: ${sent.status()}`);
      await page.waitForFunction((key) => window.__roomBench.shown[key]! > 0, id, {
        timeout: 10_000,
      });
      delays.push(
        await page.evaluate(
          (key) => window.__roomBench.shown[key]! - window.__roomBench.arrivals[key]!,
          id,
        ),
      );
    }
    return { paging, pagingMs, held, delays };
  } finally {
    await context.close();
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-room-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
});
let server = startServer(port, dataDir, builds[0]!);
try {
  await waitForServer(`${base}/api/health`);
  const { reader, writer, chatId } = await friends(base);
  // The database is seeded with the server stopped: nothing of the chat is cached meanwhile.
  await stopServer(server);
  const started = performance.now();
  seed(join(dataDir, 'confab.db'), chatId, [reader.id, writer.id], total);
  console.log(
    `seeded ${total.toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const results = [];
  for (const [round, dist] of builds.entries()) {
    server = startServer(port, dataDir, dist);
    await waitForServer(`${base}/api/health`);
    // The writer's session lives in the database: it survives the restart.
    const result = { dist, ...(await measure(browser, base, reader, writer, chatId, round + 1)) };
    console.log(`measured ${dist}`);
    results.push(result);
    await stopServer(server);
  }

  console.log(
    `\n/socialChatRoom with ${total.toLocaleString('en')} messages (Chromium, built app, 1280×800):`,
  );
  for (const r of results) {
    const p50 = percentile(r.delays, 0.5);
    const p95 = percentile(r.delays, 0.95);
    console.log(`  ${r.dist}`);
    console.log(
      `    (b) paging back ${pages} pages (${(pages * 50).toLocaleString('en')} more messages, ${r.held} articles in the DOM after, ${(r.pagingMs / 1000).toFixed(1)} s): longest frame ${r.paging.longestFrame.toFixed(0)} ms, longest task ${r.paging.longestTask.toFixed(0)} ms (${r.paging.longTasks} long tasks); budget ${budgetMs} ms: ${r.paging.longestFrame <= budgetMs ? 'met' : 'MISSED'}`,
    );
    console.log(
      `    (a) live message, socket event → visible, ${r.delays.length} messages: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...r.delays).toFixed(1)} ms; budget p95 ≤ ${budgetMs} ms: ${p95 <= budgetMs ? 'met' : 'MISSED'}`,
    );
  }
} finally {
  await browser.close();
  if (server.exitCode === null && !server.killed) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
