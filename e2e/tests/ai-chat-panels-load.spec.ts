import type { Page } from '@playwright/test';
import { configureProvider, expect, openAiChat, send, test } from '../support/ai-chat';

/**
 * The AI chat's panels and dialogs (provider settings, tool servers, chat settings, inspector,
 * presets, shortcuts, sharing) are code most visits never run: the page loads without them,
 * and each loads when it is first opened, then shows whole.
 */
const panels = [
  'provider-settings-panel',
  'tool-settings',
  'chat-settings-form',
  'inspector-panel',
  'preset-manager',
  'shortcuts-dialog',
  'share-range-dialog',
  'share-to-chat-dialog',
];

function scriptsAsked(page: Page): () => string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return () => asked;
}

const chunksOf = (paths: string[]) =>
  panels.filter((name) =>
    paths.some((path) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(path)),
  );

test('the AI chat loads its panels only when one is opened, and each opens whole', async ({
  signedIn: page,
  provider,
}) => {
  test.setTimeout(90_000);
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(`openai-text,tag:panels-${Date.now()}`, '/v1'),
    key: 'sk-test',
    model: 'gpt-4o-mini',
  });
  await send(page, 'Hello');
  await expect(page.getByTestId('reply-block').last()).toContainText(/\w/);

  // A fresh load of the page, with a chat to show.
  const asked = scriptsAsked(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(chunksOf(asked())).toEqual([]);

  // Opened, a panel comes with its content: its form is there as soon as it shows.
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Chat settings' });
  await expect(settings.getByLabel('System message')).toBeVisible();
  expect(chunksOf(asked())).toEqual(['chat-settings-form']);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: 'Tools' }).click();
  await expect(page.getByRole('dialog', { name: 'Tools (MCP servers)' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(chunksOf(asked())).toEqual(['tool-settings', 'chat-settings-form', 'shortcuts-dialog']);
});
