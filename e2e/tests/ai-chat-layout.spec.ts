import type { Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';

const sizes = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
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
    }
  });
});
