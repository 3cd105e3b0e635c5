// npm run bench:web:wire — the first screen's budgets on the wire, measured in Chromium on the
// built app, counting what the network delivered (CDP Network.loadingFinished encodedDataLength:
// compressed bodies with their response headers), the browser cache off:
//  1. JavaScript of the sign-in page (/public/login): at most 100 kB;
//  2. JavaScript of the AI chat page (/agents/mindBox), signed in, until the network is quiet and
//     3 s more (what the page loads in idle time): at most 300 kB;
//  3. cold open of the AI chat over 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency (CDP
//     Network.emulateNetworkConditions), from the navigation's start to the first frame with its
//     message box, on the page's own clock: at most 3 s;
//  4. the chat list of a viewer with 1,000 chats, as the conversations page fetches it: at most
//     150 kB a fetch (and how many fetches one open makes).
// BENCH_HOLD=<part of a URL>=<ms> holds the cold open's requests for those URLs that long, to
// see whether the page waits for them. BENCH_MARKS=1 prints when the first cold open showed
// its landmarks (the app, the navigation, the chat, the message box), its long tasks and API
// replies.
// 1 kB is 1,000 bytes. With BENCH_BASELINE_ROOT set to a folder holding another build of the app
// (its apps/server/dist and apps/web/dist, e.g. of main, beside a node_modules), that build is
// measured first in the same run, and every budget is reported for both with its ratio to the
// limit.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';
import { startTrace } from './task-trace';
import { waitForServer } from '../support/wait-for-server';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chatCount = 1_000;
const limits = { signInJs: 100_000, aiChatJs: 300_000, coldOpenMs: 3_000, chatList: 150_000 };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Transfer {
  url: string;
  /** Seconds since the recording began: request sent, last byte received (CDP timestamps). */
  sent: number;
  finished: number;
  type: string;
  encoding: string;
  /** Bytes on the wire: the body as sent (compressed or not) and the response headers. */
  bytes: number;
  headerBytes: number;
}

/** Records every response of `page` from now on, with the cache off and optional throttling. */
async function recordTransfers(page: Page, throttle = false) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    });
  }
  const transfers = new Map<string, Transfer>();
  const sentAt = new Map<string, number>();
  let origin: number | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    origin ??= event.timestamp;
    sentAt.set(event.requestId, event.timestamp - origin);
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    transfers.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      sent: sentAt.get(event.requestId) ?? 0,
      finished: 0,
      type: event.type,
      encoding: headers['content-encoding'] ?? 'identity',
      bytes: 0,
      headerBytes: event.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const transfer = transfers.get(event.requestId);
    if (!transfer) return;
    transfer.bytes = event.encodedDataLength;
    transfer.finished = event.timestamp - (origin ?? event.timestamp);
  });
  return () => [...transfers.values()].filter((t) => t.bytes > 0);
}

function scripts(transfers: Transfer[]) {
  const js = transfers.filter((t) => t.type === 'Script');
  // BENCH_FILES=1 lists each page's scripts, largest first: what a budget's bytes are.
  if (process.env.BENCH_FILES)
    for (const t of [...js].sort((a, b) => b.bytes - a.bytes))
      console.log(`    ${kB(t.bytes).padStart(9)}  ${t.encoding.padEnd(8)} ${t.url}`);
  return {
    files: js.length,
    bytes: js.reduce((sum, t) => sum + t.bytes, 0),
    headerBytes: js.reduce((sum, t) => sum + t.headerBytes, 0),
    encodings: [...new Set(js.map((t) => t.encoding))].join('/'),
    all: transfers.reduce((sum, t) => sum + t.bytes, 0),
    requests: transfers.length,
  };
}

async function signInPage(browser: Browser, base: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const transfers = await recordTransfers(page);
    await page.goto(`${base}/public/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    return scripts(transfers());
  } finally {
    await context.close();
  }
}

async function signedInContext(browser: Browser, base: string, token: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addCookies([{ name: 'confab_session', value: token, url: base }]);
  return context;
}

async function openAiChat(page: Page, base: string) {
  await page.goto(`${base}/agents/mindBox`, { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 });
}

async function aiChatPage(context: BrowserContext, base: string) {
  const page = await context.newPage();
  try {
    const transfers = await recordTransfers(page);
    await openAiChat(page, base);
    await page.waitForLoadState('networkidle');
    // The page's idle-time loads (the markdown pipeline, markdown-view-lazy.tsx) start within 2 s
    // of an idle moment: a quiet network can come before them, and they count too.
    await page.waitForTimeout(3_000);
    return scripts(transfers());
  } finally {
    await page.close();
  }
}

async function coldOpen(browser: Browser, base: string, token: string) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const context = await signedInContext(browser, base, token);
    try {
      const page = await context.newPage();
      const transfers = await recordTransfers(page, true);
      const trace = process.env.BENCH_TRACE_SAVE && i === 0 ? await startTrace(page) : null;
      // BENCH_HOLD=<part of a URL>=<ms> holds those requests that long: whether the page waits
      // for them shows in the time it takes.
      const [held, holdMs] = (process.env.BENCH_HOLD ?? '').split('=');
      if (held && holdMs)
        await page.route(
          (url) => url.href.includes(held),
          async (route) => {
            await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
            await route.continue();
          },
        );
      if (process.env.BENCH_MARKS && i === 0) await page.addInitScript(recordMarks);
      await page.addInitScript(recordMessageBoxShown);
      await openAiChat(page, base);
      // The page's own clock: from the navigation's start to the first frame showing the
      // message box. Playwright's wait polls at up to 500 ms intervals, which would count up
      // to half a second the user never waited.
      times.push(await page.evaluate(() => (window as unknown as ShownWindow).messageBoxShown));
      // BENCH_MARKS=1 prints when the first cold open's page showed what, and its long tasks.
      if (process.env.BENCH_MARKS && i === 0) {
        const marks = await page.evaluate(() => (window as unknown as MarkedWindow).benchMarks);
        for (const [what, at] of marks.sort((a, b) => a[1] - b[1]))
          console.log(`    ${at.toFixed(0).padStart(5)} ms  ${what}`);
      }
      // BENCH_TRACE_SAVE=<file> keeps the first cold open's trace (what the page waited for).
      if (trace) writeFileSync(process.env.BENCH_TRACE_SAVE!, JSON.stringify(await trace.stop()));
      // BENCH_WATERFALL=1 prints what the throttled open loaded, when, in order.
      if (process.env.BENCH_WATERFALL && i === 0) {
        for (const t of transfers().sort((a, b) => a.sent - b.sent)) {
          console.log(
            `    ${(t.sent * 1000).toFixed(0).padStart(5)}–${(t.finished * 1000).toFixed(0).padStart(5)} ms` +
              `  ${kB(t.bytes).padStart(9)}  ${t.encoding.padEnd(8)} ${t.url}`,
          );
        }
      }
    } finally {
      await context.close();
    }
  }
  return { median: median(times), all: times };
}

type ShownWindow = Window & { messageBoxShown: Promise<number> };

/**
 * Runs in the page before its scripts: resolves `messageBoxShown` with the time (since the
 * navigation started) of the first frame after the message box is in the page and visible.
 */
function recordMessageBoxShown() {
  (window as unknown as ShownWindow).messageBoxShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const box = document.querySelector('textarea[aria-label="Message"]');
      if (!box?.checkVisibility()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
}

type MarkedWindow = Window & { benchMarks: [string, number][] };

/** Runs in the page before its scripts: notes when each of a few landmarks first shows. */
function recordMarks() {
  const marks: [string, number][] = [];
  (window as unknown as MarkedWindow).benchMarks = marks;
  const landmarks: [string, string][] = [
    ['a spinner', '#root [role="status"]'],
    ['the header', '#root header'],
    ['the AI chat log', '[role="log"]'],
    ['the message box', 'textarea[aria-label="Message"]'],
  ];
  const shown = new Set<string>();
  new MutationObserver(() => {
    for (const [name, selector] of landmarks) {
      const now = document.querySelector(selector) !== null;
      if (now === shown.has(name)) continue;
      if (now) shown.add(name);
      else shown.delete(name);
      marks.push([`${now ? 'shows' : 'hides'} ${name}`, performance.now()]);
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const task of list.getEntries())
      marks.push([`long task of ${task.duration.toFixed(0)} ms`, task.startTime]);
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['resource'] as const)
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[])
        if (entry.initiatorType === 'fetch' || entry.name.includes('/api/'))
          marks.push([`fetched ${new URL(entry.name).pathname}`, entry.responseEnd]);
    }).observe({ type, buffered: true });
}

async function chatList(context: BrowserContext, base: string) {
  const page = await context.newPage();
  try {
    const transfers = await recordTransfers(page);
    await page.goto(`${base}/agents`);
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const fetches = transfers().filter((t) => t.url === '/api/chat-social-msg/chats');
    return {
      fetches: fetches.length,
      bytes: Math.max(0, ...fetches.map((t) => t.bytes)),
      encoding: fetches[0]?.encoding ?? '-',
    };
  } finally {
    await page.close();
  }
}

async function jsonBytes(base: string, token: string) {
  const reply = await fetch(`${base}/api/chat-social-msg/chats`, {
    headers: { cookie: `confab_session=${token}`, 'accept-encoding': 'identity' },
  });
  const body = (await reply.json()) as { data: { chats: unknown[] } };
  return { bytes: JSON.stringify(body).length, chats: body.data.chats.length };
}

async function measure(name: string, appRoot: string, seeded: string, token: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-wire-'));
  cpSync(seeded, dataDir, { recursive: true });
  const server = spawn(process.execPath, [join(appRoot, 'apps/server/dist/main.js')], {
    cwd: appRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(appRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    await waitForServer(`${base}/api/health`);
    const signIn = await signInPage(browser, base);
    const context = await signedInContext(browser, base, token);
    // One opening first so the server has read what it serves; every measure has the cache off.
    await openAiChat(await context.newPage(), base);
    const aiChat = await aiChatPage(context, base);
    const list = await chatList(context, base);
    await context.close();
    const cold = await coldOpen(browser, base, token);
    const json = await jsonBytes(base, token);
    return { name, signIn, aiChat, cold, list, json };
  } finally {
    await browser.close();
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seeded = mkdtempSync(join(tmpdir(), 'confab-bench-wire-seed-'));
try {
  const token = execFileSync(
    'npx',
    ['tsx', 'apps/server/bench/seed-chat-list.ts', seeded, String(chatCount)],
    { cwd: root, encoding: 'utf8' },
  ).trim();
  const versions = [
    ...(process.env.BENCH_BASELINE_ROOT ? [['before', process.env.BENCH_BASELINE_ROOT]] : []),
    ['after', root],
  ] as const;
  const results = [];
  for (const [name, appRoot] of versions) results.push(await measure(name, appRoot, seeded, token));

  const ratio = (value: number, limit: number) =>
    `${(value / limit).toFixed(2)}× the limit (${value <= limit ? 'met' : 'MISSED'})`;
  for (const r of results) {
    console.log(`\n${r.name} (${r.name === 'after' ? root : process.env.BENCH_BASELINE_ROOT}):`);
    console.log(
      `  sign-in page JavaScript: ${kB(r.signIn.bytes)} in ${r.signIn.files} files (${r.signIn.encodings}; ` +
        `${kB(r.signIn.headerBytes)} of it headers) — ${ratio(r.signIn.bytes, limits.signInJs)}; ` +
        `page total ${kB(r.signIn.all)} in ${r.signIn.requests} requests`,
    );
    console.log(
      `  AI chat page JavaScript: ${kB(r.aiChat.bytes)} in ${r.aiChat.files} files (${r.aiChat.encodings}; ` +
        `${kB(r.aiChat.headerBytes)} of it headers) — ${ratio(r.aiChat.bytes, limits.aiChatJs)}; ` +
        `page total ${kB(r.aiChat.all)} in ${r.aiChat.requests} requests`,
    );
    console.log(
      `  AI chat cold open, 1.6 Mbit/s 150 ms: ${r.cold.median.toFixed(0)} ms median of ${runs} ` +
        `(${r.cold.all.map((v) => v.toFixed(0)).join(', ')}) — ${ratio(r.cold.median, limits.coldOpenMs)}`,
    );
    console.log(
      `  chat list, ${r.json.chats} chats (${kB(r.json.bytes)} of JSON): ${kB(r.list.bytes)} a fetch ` +
        `(${r.list.encoding}), ${r.list.fetches} fetch(es) per open — ${ratio(r.list.bytes, limits.chatList)}`,
    );
  }
} finally {
  rmSync(seeded, { recursive: true, force: true });
}
