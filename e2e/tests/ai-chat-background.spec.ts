import type { Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';
import type { ProviderServer } from '../support/provider-server/server';

/**
 * Replies run per chat and in the background; a reload cuts them, keeping what arrived
 * (docs/product.md#ai-reply-lifecycle). The test provider holds each reply after
 * "Okay, here we go!" (6 events of the recorded gemma3 reply) until the test releases its tag.
 */
const partial = 'Okay, here we go!';

let tags = 0;
async function holdReplies(page: Page, provider: ProviderServer): Promise<string> {
  const tag = `background-${process.pid}-${++tags}`;
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`ollama-text,hold:6,tag:${tag}`),
    model: 'gemma3:1b',
  });
  return tag;
}

const chatList = (page: Page) => page.getByRole('navigation', { name: 'AI chats' });

test('a reply goes on in its chat while another chat is open, marked generating in the list', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const tag = await holdReplies(page, provider);
  await send(page, 'Count in A');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);

  // Chat B: its own input, while A is marked generating.
  await chatList(page).getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  const rowA = chatList(page).getByRole('button', { name: /^Count in A/ });
  await expect(rowA.getByTestId('chat-generating')).toBeVisible();
  await expect(rowA).toHaveAccessibleName(/Generating/);

  // Back in A: the reply is still going, then finishes.
  await rowA.click();
  await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  provider.release(tag);
  await expect(lastReply(page).getByTestId('reply')).toContainText('1, 2, 3, 4, 5');
  await expect(lastReply(page).getByTestId('stopped')).toBeHidden();
  await expect(rowA.getByTestId('chat-generating')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('a reply cut by a reload keeps what arrived, marked interrupted', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const tag = await holdReplies(page, provider);
  await send(page, 'Count to five');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
  await page.reload();
  await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
  await expect(lastReply(page).getByTestId('interrupted')).toHaveText('Reply interrupted');
  await expect(lastReply(page).getByTestId('stopped')).toBeHidden();
  await expect(chatList(page).getByTestId('chat-generating')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // Still so after another load: the mark was saved.
  await page.reload();
  await expect(lastReply(page).getByTestId('interrupted')).toHaveText('Reply interrupted');
  provider.release(tag);
});

const views = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

test('the generating mark and the interrupted reply on a phone and a desktop, light and dark, in English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(180_000);
  await openAiChat(page);
  // Never released: each reload below cuts the reply streaming then.
  await holdReplies(page, provider);
  await send(page, 'Count to five');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
  const shot = async (name: string, target: ReturnType<Page['locator']> | Page) => {
    const path = testInfo.outputPath(name);
    await target.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  };
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
    const texts =
      language === 'en'
        ? { interrupted: 'Reply interrupted', input: 'Message', generating: 'Generating' }
        : { interrupted: '回复已中断', input: '消息', generating: '生成中' };
    for (const colorScheme of ['light', 'dark'] as const)
      for (const view of views) {
        const suffix = `${view.name}-${colorScheme}-${language}.png`;
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width: view.width, height: view.height });
        await page.reload();
        const interrupted = lastReply(page).getByTestId('interrupted');
        await expect(interrupted).toHaveText(texts.interrupted);
        await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
        await shot(`interrupted-${suffix}`, lastReply(page));
        // A new reply in the same chat, held: the list marks the chat generating.
        const input = page.getByRole('textbox', { name: texts.input });
        await input.fill('Count to five');
        await input.press('Enter');
        await expect(lastReply(page).getByTestId('interrupted')).toBeHidden();
        await expect(lastReply(page).getByTestId('reply')).toHaveText(partial);
        if (view.name === 'desktop') {
          const mark = page.getByTestId('chat-generating');
          await expect(mark).toBeVisible();
          await expect(mark).toHaveAttribute('title', texts.generating);
          await shot(`generating-list-${suffix}`, page.locator('aside'));
        }
        await shot(`page-${suffix}`, page);
      }
  }
});
