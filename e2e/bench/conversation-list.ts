// npm run bench:realtime:list — the conversation list's budget (issue 6), measured in Chromium on
// the built app: with 10,000 chats, the time from the list's data arriving (its last byte reaching
// the page) to the first rows painted (budget 300 ms), and the rows in the DOM (at most 60, also
// after scrolling to the middle), beside a list of 100 chats measured the same way in the same run.
//
// The chats come from intercepting `GET /api/chat-social-msg/chats` in Playwright (the rest, the
// session and the socket included, is the real server): befriending 10,000 accounts would measure
// the seeding, not the list. The intercepted reply has the exact shape the server sends.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SocialChat } from '@confab/protocol/social-chat';
import { chromium, type BrowserContext } from '@playwright/test';
import { newAccount } from '../support/accounts';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';
import { waitForServer } from '../support/wait-for-server';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.env.BENCH_RUNS ?? 7);
const sizes = { baseline: 100, large: 10_000 } as const;
const budgetMs = 300;
const maxRows = 60;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

declare global {
  interface Window {
    __listBench: { lastByteAt: number; shownAt: number };
  }
}

/**
 * Runs in the page before the app: records when the chat list's last byte reaches JavaScript
 * (a pass-through of the response body) and the frame after the first row enters the DOM.
 */
function instrument() {
  const bench = { lastByteAt: 0, shownAt: 0 };
  window.__listBench = bench;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/chat-social-msg/chats') || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          // The first reply is the one the page renders from; a refetch comes later.
          bench.lastByteAt ||= performance.now();
          controller.close();
          return;
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  new MutationObserver(() => {
    if (bench.shownAt || !bench.lastByteAt) return;
    if (document.querySelector('[role="list"] [role="listitem"]')) {
      requestAnimationFrame(() => (bench.shownAt = performance.now()));
      bench.shownAt = -1;
    }
  }).observe(document, { subtree: true, childList: true });
}

/** `count` chats as the server sends them, each with a last message and its own last time. */
function chatList(count: number): string {
  const start = Date.parse('2026-03-01T12:00:00.000Z');
  const chats: SocialChat[] = Array.from({ length: count }, (_, index) => {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    const timestamp = new Date(start - index * 37_000).toISOString();
    return {
      _id: id,
      type: 'private',
      name: `friend_${index}`,
      nickname: index % 7 === 0 ? `Nick ${index}` : null,
      displayName: null,
      avatar: null,
      participants: [
        {
          id: `u-${index}`,
          username: `friend_${index}`,
          nickname: null,
          displayName: null,
          avatar: null,
        },
      ],
      lastMessage: {
        _id: `m-${index}`,
        chatId: id,
        seq: 40 + (index % 13),
        sender: index % 2 ? `u-${index}` : 'me',
        senderUsername: index % 2 ? `friend_${index}` : 'me',
        content: `See you at the station around ${index % 24}:30, bring the tickets please`,
        contentType: 'text',
        attachment: null,
        clientId: id,
        timestamp,
        editedAt: null,
        deleted: false,
        isRead: index % 3 === 0,
      },
      lastTime: timestamp,
      lastSeq: 40 + (index % 13),
      unread: index % 5,
      isOnline: index % 4 === 0,
      isPinned: index < 3,
      pinnedOrder: index < 3 ? index + 1 : null,
      isArchived: index % 50 === 49,
      isMuted: index % 11 === 0,
      isBlocked: false,
      readOnly: false,
      aiConsent: { mine: false, theirs: false },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
  });
  return JSON.stringify({ statusCode: 200, data: { chats } });
}

/** One opening of /agents with `body` as the chat list. */
async function measure(context: BrowserContext, base: string, body: string) {
  const page = await context.newPage();
  try {
    await page.route('**/api/chat-social-msg/chats', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.goto(`${base}/agents`);
    await page
      .waitForFunction(() => window.__listBench.shownAt > 0, null, { timeout: 20_000 })
      .catch(async (error: unknown) => {
        console.error(
          await page.evaluate(() => [
            JSON.stringify(window.__listBench),
            document.body.innerText.slice(0, 500),
          ]),
        );
        throw error;
      });
    const { lastByteAt, shownAt } = await page.evaluate(() => window.__listBench);
    const list = page.getByRole('list', { name: 'Conversations' });
    const rowsAtTop = await list.getByRole('listitem').count();
    // Halfway down, the rows in view are swapped in; the count must stay as small.
    await list.evaluate((element) => {
      const scroller = element.parentElement!;
      scroller.scrollTop = scroller.scrollHeight / 2;
    });
    await page.waitForTimeout(200);
    const rowsInMiddle = await list.getByRole('listitem').count();
    return { firstRender: shownAt - lastByteAt, rows: Math.max(rowsAtTop, rowsInMiddle) };
  } finally {
    await page.close();
  }
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
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  await waitForServer(`${base}/api/health`);
  const context = await browser.newContext({ baseURL: base, locale: 'en-GB' });
  const account = newAccount('bench');
  const registered = await context.request.post('/api/_auth/register', { data: account });
  if (registered.status() !== 201) throw new Error(`register failed: ${registered.status()}`);
  // tsx keeps function names with a `__name` helper that the page does not have.
  await context.addInitScript('window.__name = (f) => f;');
  await context.addInitScript(instrument);

  const bodies = { baseline: chatList(sizes.baseline), large: chatList(sizes.large) };
  // One opening of each first, so that the page's code is cached for every measured run.
  await measure(context, base, bodies.baseline);
  const results = { baseline: [] as number[], large: [] as number[] };
  const rows = { baseline: 0, large: 0 };
  for (let i = 0; i < runs; i += 1) {
    for (const size of ['baseline', 'large'] as const) {
      const m = await measure(context, base, bodies[size]);
      results[size].push(m.firstRender);
      rows[size] = Math.max(rows[size], m.rows);
    }
  }

  console.log(
    `\n/agents, list data received → first rows painted, median of ${runs} (Chromium, built app):`,
  );
  for (const size of ['baseline', 'large'] as const) {
    console.log(
      `  ${String(sizes[size]).padStart(6)} chats: ${median(results[size]).toFixed(1).padStart(6)} ms` +
        `  (runs: ${results[size].map((v) => v.toFixed(0)).join(', ')}); rows in the DOM at most ${rows[size]}`,
    );
  }
  const large = median(results.large);
  console.log(
    `  10,000 vs 100: ${(large / median(results.baseline)).toFixed(2)}x; budget ${budgetMs} ms: ${
      large <= budgetMs ? 'met' : 'MISSED'
    }; rows ≤ ${maxRows}: ${rows.large <= maxRows ? 'met' : 'MISSED'}`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
