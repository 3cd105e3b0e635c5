import type { Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';
import { inEveryLook } from '../support/looks';

const sizes = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 900, height: 700 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1536, height: 864 },
  { width: 1920, height: 1080 },
] as const;

/** A chat whose messages are taller than any of the windows. */
async function chatWithReplies(page: Page, provider: { base: (s: string) => string }) {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base('ollama-text'),
    model: 'qwen2.5:7b',
  });
  for (const prompt of ['One', 'Two', 'Three', 'Four']) {
    await send(page, prompt);
    await expect(page.getByTestId('prompt').last()).toHaveText(prompt);
    await expect(lastReply(page).getByTestId('usage')).toBeVisible();
  }
}

/** The document's height against the window's: the page itself must not scroll. */
const pageHeights = (page: Page) =>
  page.evaluate(() => ({
    document: document.scrollingElement!.scrollHeight,
    window: window.innerHeight,
  }));

// docs/product.md#ai-chat
test.describe('the AI chat fills the window', () => {
  test('the page is as tall as the window at every size; the composer and its hint row show', async ({
    signedIn: page,
    provider,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await chatWithReplies(page, provider);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByTestId('prompt').last()).toBeVisible({ timeout: 30_000 });
      expect(await pageHeights(page), `${size.width}x${size.height}`).toEqual({
        document: size.height,
        window: size.height,
      });
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByText('0/2000')).toBeInViewport({ ratio: 1 });
      await expect(page.locator('#chat-input-hint')).toBeInViewport({ ratio: 1 });
      // The model badge reads in full at every size, never cut to "Olla…".
      const badge = page.getByTestId('model-badge');
      await expect(badge).toHaveText('Ollama · qwen2.5:7b');
      const fits = await badge.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, `badge at ${size.width}px`).toBe(true);
    }
  });

  test('on a phone the model badge reads in full and the composer shows without scrolling', async ({
    signedIn: page,
    provider,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await chatWithReplies(page, provider);
    const badge = page.getByTestId('model-badge');
    await expect(badge).toHaveText('Ollama · qwen2.5:7b');
    // Not cut with an ellipsis: the text fits its box.
    const fits = await badge.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await expect(badge).toBeInViewport({ ratio: 1 });
    const composer = page.locator('form').filter({ has: page.locator('#chat-input-hint') });
    await expect(composer).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Every toolbar button is still there, by name.
    for (const name of ['Chat list', 'Chat settings', 'Inspector', 'Provider settings']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
  });
});

test('the chat screen on a phone and a desktop, light and dark, in English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await chatWithReplies(page, provider);
  // A prompt that lost its HTML: its card carries the note.
  await send(page, 'Make it <b>bold</b>');
  await expect(lastReply(page).getByTestId('usage')).toBeVisible();
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await expect(page.getByTestId('html-stripped')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#chat-input-hint')).toBeInViewport({ ratio: 1 });
    const name = `ai-chat-${view.name}-${colorScheme}-${language}.png`;
    const path = testInfo.outputPath(name);
    await page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  });
});

test('an empty chat shows its empty state in the middle of the message area, in every look', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(180_000);
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base('ollama-text'),
    model: 'qwen2.5:7b',
  });
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const empty = page.getByTestId('chat-empty');
    await expect(empty).toBeVisible({ timeout: 30_000 });
    await expect(empty).toHaveText(
      language === 'en'
        ? /No messages yet.*Your conversation with the model will appear here/
        : /暂无消息.*您与模型的对话将显示在这里/,
    );
    // Inside the message area (mounted already, so that a first send only adds rows to it),
    // centred in it, and the page itself does not scroll.
    const area = await page.getByRole('log').boundingBox();
    const box = await empty.boundingBox();
    expect(Math.abs(box!.y + box!.height / 2 - (area!.y + area!.height / 2))).toBeLessThan(2);
    expect(await pageHeights(page)).toEqual({ document: view.height, window: view.height });
    await expect(page.locator('#chat-input-hint')).toBeInViewport({ ratio: 1 });
    const name = `ai-chat-empty-${view.name}-${colorScheme}-${language}.png`;
    const path = testInfo.outputPath(name);
    await page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  });
});
