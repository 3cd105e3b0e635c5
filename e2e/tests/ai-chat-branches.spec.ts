import type { Page } from '@playwright/test';
import type { ProviderServer } from '../support/provider-server/server';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';

/**
 * Versions and branches (docs/product.md#versions-and-branches). Replies come from the test
 * provider's synthetic stream of N tokens, which ends in END-N: each setup answers apart.
 */
async function replyWith(page: Page, provider: ProviderServer, tokens: number, tag: string) {
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`synthetic,tokens:${tokens},tag:${tag}`),
    model: 'gemma3:1b',
  });
}

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

for (const view of [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test(`regenerate keeps versions, editing starts a branch, a reload keeps both (${view.name})`, async ({
    signedIn: page,
    provider,
  }) => {
    await page.setViewportSize({ width: view.width, height: view.height });
    await openAiChat(page);
    const tag = `branches-${view.name}-${Date.now()}`;
    await replyWith(page, provider, 2, tag);
    await send(page, 'First question');
    await expect(lastReply(page).getByTestId('reply')).toContainText('END-2');
    await send(page, 'Second question');
    await expect(page.getByTestId('usage')).toHaveCount(2);

    // Regenerate: the new reply shows, the old one is a click away.
    await replyWith(page, provider, 3, tag);
    await lastReply(page).getByRole('button', { name: 'Regenerate' }).click();
    await expect(lastReply(page).getByTestId('reply')).toContainText('END-3');
    const second = article(page, 'Second question');
    await expect(second.getByRole('group', { name: 'Version 2 of 2' })).toBeVisible();
    await second.getByRole('button', { name: 'Previous version' }).click();
    await expect(lastReply(page).getByTestId('reply')).toContainText('END-2');
    await expect(second.getByRole('group', { name: 'Version 1 of 2' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Previous version' })).toBeDisabled();

    // Edit the first prompt: a branch of its own; what followed the old one stays under ‹ ›.
    await article(page, 'First question').getByRole('button', { name: 'Edit prompt' }).click();
    await page.getByRole('textbox', { name: 'Edit your prompt' }).fill('First, reworded');
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByTestId('prompt')).toHaveText(['First, reworded']);
    await expect(lastReply(page).getByTestId('reply')).toContainText('END-3');
    const reworded = article(page, 'First, reworded');
    await expect(reworded.getByRole('group', { name: 'Version 2 of 2' })).toBeVisible();
    await reworded.getByRole('button', { name: 'Previous version' }).click();
    await expect(page.getByTestId('prompt')).toHaveText(['First question', 'Second question']);
    await expect(lastReply(page).getByTestId('reply')).toContainText('END-2');

    // The next prompt goes with the path shown.
    await send(page, 'Third question');
    await expect(page.getByTestId('usage')).toHaveCount(3);
    const bodies = chatRequests(provider, tag).map(
      (r) => r.body as { messages: Array<{ role: string; content: string }> },
    );
    expect(bodies.at(-2)!.messages.map((m) => m.content)).toEqual(['First, reworded']);
    expect(bodies.at(-1)!.messages.map((m) => m.content.split(' ').at(-1))).toEqual([
      'question',
      'END-2',
      'question',
      'END-2',
      'question',
    ]);

    await page.reload();
    await expect(page.getByTestId('prompt')).toHaveText([
      'First question',
      'Second question',
      'Third question',
    ]);
    await expect(
      article(page, 'First question').getByRole('group', { name: 'Version 1 of 2' }),
    ).toBeVisible();
    await expect(
      article(page, 'Second question').getByRole('group', { name: 'Version 1 of 2' }),
    ).toBeVisible();
    await article(page, 'First question').getByRole('button', { name: 'Next version' }).click();
    await expect(page.getByTestId('prompt')).toHaveText(['First, reworded']);
  });
}

test('versions in Chinese', async ({ signedIn: page, provider }) => {
  await openAiChat(page);
  const tag = `branches-zh-${Date.now()}`;
  await replyWith(page, provider, 2, tag);
  await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
  await page.reload();
  const input = page.getByRole('textbox', { name: '消息' });
  await expect(input).toBeVisible({ timeout: 30_000 });
  await input.fill('你好');
  await input.press('Enter');
  await expect(lastReply(page).getByTestId('reply')).toContainText('END-2');
  await lastReply(page).getByRole('button', { name: '重新生成' }).click();
  const card = article(page, '你好');
  await expect(card.getByRole('group', { name: '第 2 个版本，共 2 个' })).toBeVisible();
  await card.getByRole('button', { name: '上一个版本' }).click();
  await expect(card.getByRole('group', { name: '第 1 个版本，共 2 个' })).toBeVisible();
  await expect(card.getByRole('button', { name: '下一个版本' })).toBeEnabled();
});
