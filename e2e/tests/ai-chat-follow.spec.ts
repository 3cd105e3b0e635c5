import type { Locator } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';

/**
 * A reply that streams follows itself down the list (docs/product.md#ai-chat): its newest text
 * stays in view, until the user scrolls away from the bottom.
 */

/** Whether the last line of the reply shows inside the list's visible area. */
function newestInView(list: Locator) {
  return list.evaluate((el) => {
    const blocks = el.querySelectorAll('[data-testid="reply"] .markdown-body > *');
    const last = blocks[blocks.length - 1];
    if (!last) return false;
    const view = el.getBoundingClientRect();
    const line = last.getBoundingClientRect();
    return line.bottom > view.top && line.bottom <= view.bottom + 2;
  });
}

const distanceFromBottom = (list: Locator) =>
  list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

test('a long streamed reply keeps its newest text in view; scrolled up, the view stays put', async ({
  signedIn: page,
  provider,
}) => {
  test.setTimeout(90_000);
  await openAiChat(page);
  const tag = `follow-${Date.now()}`;
  // About 4 s of text, a paragraph every 7 tokens: many screens of it.
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`synthetic,tokens:3000,rate:750,tag:${tag}`),
    model: 'gemma3:1b',
  });
  const list = page.getByTestId('message-list');
  await send(page, 'Write at length');
  const reply = lastReply(page).getByTestId('reply');
  // While it streams (several screens already), the newest text comes into view each time we
  // look: the list follows in the frame after the text grows, which a look can fall between on
  // a busy machine (a list that does not follow never shows it, as the text runs on below).
  await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight * 3)).toBe(true);
  for (let i = 0; i < 3; i += 1) {
    await expect.poll(() => newestInView(list), { timeout: 2_000 }).toBe(true);
    await page.waitForTimeout(300);
  }
  // And when it ends: the end of the reply shows, the list at its bottom.
  await expect(reply).toContainText('END-3000', { timeout: 30_000 });
  await expect(page.getByTestId('usage')).toBeVisible();
  await expect.poll(() => distanceFromBottom(list)).toBeLessThan(48);
  await expect(reply.getByText('END-3000')).toBeInViewport();

  // Another reply; the user scrolls up while it streams: the list does not pull them down.
  await send(page, 'And again');
  await expect(page.getByTestId('reply')).toHaveCount(2);
  // Some screens of it first.
  await expect
    .poll(async () => ((await lastReply(page).textContent()) ?? '').split('alpha').length)
    .toBeGreaterThan(60);
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(list.getByText('Write at length')).toBeInViewport();
  await page.waitForTimeout(500);
  expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(48);
  await expect(lastReply(page).getByTestId('reply')).toContainText('END-3000', {
    timeout: 30_000,
  });
  await expect(list.getByText('Write at length')).toBeInViewport();
});
