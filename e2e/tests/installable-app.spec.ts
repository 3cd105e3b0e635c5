import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inEveryLook } from '../support/looks';
import { chatInput, closeAll, messagesWith, openRoom, twoFriends } from '../support/chat-room';

/** Resolves once the app's service worker controls `page`. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the app can be installed: a manifest with real PNG icons and a service worker', async ({
  request,
}) => {
  const manifestReply = await request.get('/manifest.webmanifest');
  expect(manifestReply.ok()).toBe(true);
  const manifest = (await manifestReply.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Confab', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of pngs) {
    const reply = await request.get(icon.src);
    expect(reply.headers()['content-type']).toBe('image/png');
    expect(pngSize(await reply.body())).toBe(icon.sizes);
  }
  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('a reload while offline opens the app with its offline banner, and a message typed then is delivered once back online', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await twoFriends(browser, { serviceWorkers: 'allow' });
  await openRoom(alice.page, chatId, bob.username);
  await openRoom(bob.page, chatId, alice.username);
  await controlledByServiceWorker(alice.page);

  await alice.context.setOffline(true);
  await alice.page.reload();
  // The app, not the browser's error page: the room, its offline banner, its input.
  await expect(alice.page.getByRole('heading', { name: bob.username })).toBeVisible();
  await expect(alice.page.getByText('未连接：消息将在恢复连接后发送。')).toBeVisible();
  if (process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    // Every look is another reload, all of them offline.
    await inEveryLook(alice.page, async ({ language, colorScheme, view }) => {
      await expect(alice.page.getByRole('heading', { name: bob.username })).toBeVisible();
      await alice.page.screenshot({
        path: `${process.env.SHOTS_DIR}/offline-reload-${language}-${colorScheme}-${view.name}.png`,
      });
    });
  }

  await chatInput(alice.page).fill('typed after an offline reload');
  await chatInput(alice.page).press('Enter');
  const pending = messagesWith(alice.page, 'typed after an offline reload');
  await expect(pending.getByRole('status')).toHaveText('发送中');
  await expect(messagesWith(bob.page, 'typed after an offline reload')).toHaveCount(0);

  await alice.context.setOffline(false);
  await expect(pending.getByRole('status')).toHaveText(/已发送|已读/, { timeout: 20_000 });
  await expect(messagesWith(bob.page, 'typed after an offline reload')).toHaveCount(1);
  await expect(alice.page.getByText('未连接：消息将在恢复连接后发送。')).toHaveCount(0);

  await closeAll(alice, bob);
});
