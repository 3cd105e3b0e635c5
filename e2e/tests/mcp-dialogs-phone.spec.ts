import type { ChildProcess } from 'node:child_process';
import { configureProvider, expect, openAiChat, test } from '../support/ai-chat';
import { inEveryLook } from '../support/looks';
import { addToolServer, startEverythingHttp } from '../support/mcp';

/**
 * The resource picker and the tool settings on a phone: a full-width dialog leaves only a thin
 * strip of overlay, so each has a close button of its own, in every look.
 */

const key = 'dialogs_e2e';
let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  await addToolServer(key, everything.url, 'never ask');
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

test('the resource picker and the tool settings close with their own button, in every look', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  // Eight looks (two widths, light and dark, two languages), a screenshot each.
  test.setTimeout(120_000);
  await openAiChat(page);
  // Resources are attached only with a model set up.
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const en = language === 'en';
    const look = `${language}-${colorScheme}-${view.name}`;
    const message = page.getByRole('textbox', { name: en ? 'Message' : '消息' });
    await expect(message).toBeVisible({ timeout: 30_000 });
    const dialogs = [
      { opener: en ? 'Attach a resource' : '附加资源', name: 'resource-picker' },
      { opener: en ? 'Tools' : '工具', name: 'tool-settings' },
    ];
    for (const { opener, name } of dialogs) {
      await page.getByRole('button', { name: opener, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole('button', { name: en ? 'Close' : '关闭', exact: true });
      await expect(close).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`${name}-${look}.png`) });
      await close.click();
      await expect(dialog).toBeHidden();
    }
  });
});
