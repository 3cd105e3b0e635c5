import type { Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';

const chatList = (page: Page) =>
  page.getByRole('navigation', { name: /^(AI chats|AI 对话列表)$/ }).first();

/** A chat whose first reply (the one searched) is well above what the screen shows. */
async function longChat(page: Page, provider: { base: (s: string, p?: string) => string }) {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk-test',
    model: 'gpt-4o-mini',
  });
  // The recorded reply: "The result of \( 1231 \times 2331 \) is \( 2,869,461 \)."
  await send(page, 'Multiply 1231 by 2331');
  await expect(lastReply(page).getByTestId('reply')).toContainText('2,869,461');
  // The later replies say something else ("Hello there! 😊 How can I help you today?").
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('deepseek-reasoning'),
    key: 'sk-test',
    model: 'deepseek-reasoner',
  });
  for (const prompt of ['今天天气怎么样？', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth']) {
    await send(page, prompt);
    await expect(page.getByTestId('prompt').last()).toHaveText(prompt);
    await expect(lastReply(page).getByTestId('reply')).toContainText('How can I help you today');
  }
  // The server has every message (the sync pushes them a moment after they are written).
  await expect
    .poll(async () => {
      const reply = await page.request.get('/api/ai-history/search?q=help%20you');
      return ((await reply.json()) as { data: { results: unknown[] } }).data.results.length;
    })
    .toBe(6);
}

async function search(page: Page, query: string) {
  const box = chatList(page).getByRole('searchbox');
  await box.fill(query);
  return chatList(page).getByRole('region', { name: /^(Messages|消息)$/ });
}

// docs/product.md#ai-history-search
test.describe('searching the AI messages', () => {
  test('finds a word of an older reply, highlights it, and opens the chat at that message; finds Chinese', async ({
    signedIn: page,
    provider,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await longChat(page, provider);
    const firstReply = page.getByTestId('reply').filter({ hasText: '2,869,461' });
    // The chat is at its end: the first reply is out of view.
    await expect(firstReply).not.toBeInViewport();

    // Open another chat, so the search has to open this one.
    await chatList(page).getByRole('button', { name: 'New chat' }).click();
    await expect(page.getByTestId('chat-empty')).toBeVisible();

    const messages = await search(page, 'RESULT');
    const result = messages.getByRole('button', { name: /Multiply 1231 by 2331/ });
    await expect(result).toBeVisible();
    await expect(result.locator('mark')).toHaveText(['result']);
    await expect(messages.getByRole('button')).toHaveCount(1);

    await result.click();
    await expect(firstReply).toBeInViewport();
    const row = page.locator('[data-focused="true"]');
    await expect(row).toContainText('Multiply 1231 by 2331');
    // The highlight goes after a moment.
    await expect(row).toHaveCount(0);

    // Two Chinese characters, from the middle of a prompt.
    const chinese = await search(page, '天气');
    const found = chinese.getByRole('button', { name: /今天天气怎么样/ });
    await expect(found.locator('mark')).toHaveText(['天气']);
    await expect(chinese.getByRole('button')).toHaveCount(1);
    await found.click();
    await expect(
      page.getByTestId('prompt').filter({ hasText: '今天天气怎么样？' }),
    ).toBeInViewport();
  });

  const views = [
    { name: 'phone', width: 375, height: 740 },
    { name: 'desktop', width: 1280, height: 800 },
  ] as const;

  test('the results on a phone and a desktop, light and dark, in English and Chinese', async ({
    signedIn: page,
    provider,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await longChat(page, provider);
    for (const language of ['en', 'zh-CN'] as const) {
      await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
      for (const colorScheme of ['light', 'dark'] as const)
        for (const view of views) {
          await page.emulateMedia({ colorScheme });
          await page.setViewportSize({ width: view.width, height: view.height });
          await page.reload();
          await expect(page.getByTestId('prompt').last()).toBeVisible({ timeout: 30_000 });
          if (view.name === 'phone') {
            await page
              .getByRole('button', { name: language === 'en' ? 'Chat list' : '对话列表' })
              .click();
          }
          const messages = await search(page, language === 'en' ? 'help' : '天气');
          await expect(messages.locator('mark').first()).toBeVisible();
          const name = `search-${view.name}-${colorScheme}-${language}.png`;
          const path = testInfo.outputPath(name);
          await page.screenshot({ path });
          await testInfo.attach(name, { path, contentType: 'image/png' });
        }
    }
  });
});
