import type { Page } from '@playwright/test';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  openProviderSettings,
  send,
  test,
} from '../support/ai-chat';
import type { ProviderServer } from '../support/provider-server/server';
import { inEveryLook } from '../support/looks';

/**
 * Several providers at hand (docs/product.md#model-picker): Ollama and the OpenAI-compatible
 * provider both set up, each chat sending to the provider and model picked for it.
 */

let tags = 0;
function twoTags() {
  tags += 1;
  const tag = `picker-${process.pid}-${Date.now()}-${tags}`;
  return { ollama: `${tag}-ollama`, openai: `${tag}-openai` };
}

/** Sets up OpenAI, then Ollama, which stays the default for new chats. */
async function setUpBoth(page: Page, provider: ProviderServer, tag: ReturnType<typeof twoTags>) {
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(`openai-text,tag:${tag.openai}`, '/v1'),
    key: 'sk-picker',
    model: 'gpt-4o',
  });
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`ollama-text,tag:${tag.ollama}`),
    model: 'qwen2.5:7b',
  });
}

const modelOf = (r: { body: unknown } | undefined) => (r?.body as { model?: string })?.model;
const picker = (page: Page, name: string) =>
  page.getByRole('button', { name: `Model: ${name}`, exact: true });

test('each chat sends to the provider and model picked for it, kept through a reload', async ({
  signedIn: page,
  provider,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = twoTags();
  await openAiChat(page);
  await setUpBoth(page, provider, tag);

  await send(page, 'First on Ollama');
  await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
  await expect(picker(page, 'Ollama · qwen2.5:7b')).toBeVisible();

  const chats = page.getByRole('navigation', { name: 'AI chats' });
  await chats.getByRole('button', { name: 'New chat' }).first().click();
  await picker(page, 'Ollama · qwen2.5:7b').click();
  const list = page.getByRole('listbox', { name: 'Models' });
  // Both providers' lists, fetched on opening; DeepSeek, without a key, only to be set up.
  await expect(list.getByRole('group', { name: 'OpenAI' }).getByRole('option')).toContainText([
    'gpt-4o',
    'gpt-4o-mini',
  ]);
  await expect(
    list.getByRole('group', { name: 'Ollama' }).getByRole('option', { name: 'gemma3:1b' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up DeepSeek' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Search models' }).fill('4o-mini');
  await expect(list.getByRole('option')).toHaveText(['gpt-4o-mini']);
  await list.getByRole('option', { name: 'gpt-4o-mini' }).click();
  await expect(picker(page, 'OpenAI · gpt-4o-mini')).toBeVisible();

  await send(page, 'Second on OpenAI');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const openai = chatRequests(provider, tag.openai);
  expect(openai.map((r) => [r.path, modelOf(r)])).toEqual([
    ['/v1/chat/completions', 'gpt-4o-mini'],
  ]);
  expect(openai[0]!.headers.authorization).toBe('Bearer sk-picker');

  // The first chat kept the default provider.
  await chats.getByRole('button', { name: 'First on Ollama', exact: true }).click();
  await expect(picker(page, 'Ollama · qwen2.5:7b')).toBeVisible();
  await send(page, 'Again on Ollama');
  await expect(page.getByTestId('reply')).toHaveCount(2);
  await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
  expect(chatRequests(provider, tag.ollama).map(modelOf)).toEqual(['qwen2.5:7b', 'qwen2.5:7b']);
  expect(chatRequests(provider, tag.openai)).toHaveLength(1);

  await page.reload();
  await expect(picker(page, 'Ollama · qwen2.5:7b')).toBeVisible({ timeout: 30_000 });
  await chats.getByRole('button', { name: 'Second on OpenAI', exact: true }).click();
  await expect(picker(page, 'OpenAI · gpt-4o-mini')).toBeVisible();
});

test('the picker by keyboard at 375 px, in Chinese', async ({ signedIn: page, provider }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const tag = twoTags();
  await openAiChat(page);
  await setUpBoth(page, provider, tag);
  await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
  await page.reload();

  const trigger = page.getByRole('button', { name: '模型：Ollama · qwen2.5:7b', exact: true });
  await expect(trigger).toBeInViewport({ ratio: 1 });
  // The trigger reads in full on its own line.
  const badge = page.getByTestId('model-badge');
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await trigger.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: '搜索模型' });
  await expect(search).toBeFocused();
  const list = page.getByRole('listbox', { name: '模型' });
  await expect(list.getByRole('option', { name: 'gpt-4o-mini' })).toBeVisible();
  await expect(page.getByRole('button', { name: '设置 DeepSeek' })).toBeVisible();
  // The open list stays within the phone's width.
  const box = await page.getByRole('dialog').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);

  // Esc closes without a change.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(trigger).toBeFocused();

  // Type to filter, arrows to move, Enter to choose.
  await page.keyboard.press('Enter');
  await page.keyboard.type('gpt-4o');
  await expect(list.getByRole('option')).toHaveText(['gpt-4o', 'gpt-4o-mini']);
  await page.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await list.getByRole('option', { name: 'gpt-4o-mini' }).getAttribute('id'))!,
  );
  await page.keyboard.press('Enter');
  const picked = page.getByRole('button', { name: '模型：OpenAI · gpt-4o-mini', exact: true });
  await expect(picked).toBeFocused();

  const input = page.getByRole('textbox', { name: '消息' });
  await input.fill('你好');
  await input.press('Enter');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  expect(chatRequests(provider, tag.openai).map(modelOf)).toEqual(['gpt-4o-mini']);
  expect(chatRequests(provider, tag.ollama)).toHaveLength(0);
});

test('a chat whose provider is no longer ready says which, links to its settings and sends nothing', async ({
  signedIn: page,
  provider,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = twoTags();
  await openAiChat(page);
  await setUpBoth(page, provider, tag);
  await picker(page, 'Ollama · qwen2.5:7b').click();
  await page.getByRole('combobox', { name: 'Search models' }).fill('gpt-4o');
  await page.keyboard.press('Enter');
  await expect(picker(page, 'OpenAI · gpt-4o')).toBeVisible();

  // OpenAI loses its key; Ollama stays the default.
  const dialog = await openProviderSettings(page);
  await dialog.getByLabel('Provider').selectOption('OpenAI');
  await dialog.getByLabel('API key', { exact: true }).fill('');
  await dialog.getByRole('checkbox', { name: 'Default for new chats' }).uncheck();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Settings saved');
  await page.keyboard.press('Escape');

  await expect(page.getByText('The model provider is not set up')).toBeVisible();
  await expect(page.getByText('OpenAI needs: API key.')).toBeVisible();
  await expect(
    page.getByText(
      'This chat uses OpenAI, which is not ready: API key missing. Set it up, or pick a model of a ready provider above.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await page.getByRole('button', { name: 'Open provider settings' }).click();
  const again = page.getByRole('dialog', { name: 'Provider settings' });
  await expect(again.getByLabel('Provider')).toHaveValue('OpenAI');
  await page.keyboard.press('Escape');

  // Its models leave the picker, which offers to set it up; a ready provider's model sends.
  await picker(page, 'OpenAI · gpt-4o').click();
  const list = page.getByRole('listbox', { name: 'Models' });
  await expect(list.getByRole('group')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Set up OpenAI' })).toBeVisible();
  await list.getByRole('option', { name: 'gemma3:1b' }).click();
  await send(page, 'Back on Ollama');
  await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
  expect(chatRequests(provider, tag.ollama).map(modelOf)).toEqual(['gemma3:1b']);
  expect(chatRequests(provider, tag.openai)).toHaveLength(0);
});

test('the open picker on a phone and a desktop, light and dark, in English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAiChat(page);
  await setUpBoth(page, provider, twoTags());
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await page.getByTestId('model-badge').click({ timeout: 30_000 });
    await expect(page.getByRole('option', { name: 'gpt-4o-mini' })).toBeVisible();
    const name = `model-picker-${view.name}-${colorScheme}-${language}.png`;
    const path = testInfo.outputPath(name);
    await page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
    await page.keyboard.press('Escape');
    // The settings say several providers can be set up, one the default.
    await page.getByTestId('model-badge').click();
    await page.getByRole('button', { name: /DeepSeek/ }).click();
    await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
    const settings = `provider-settings-${view.name}-${colorScheme}-${language}.png`;
    await page.screenshot({ path: testInfo.outputPath(settings) });
    await testInfo.attach(settings, {
      path: testInfo.outputPath(settings),
      contentType: 'image/png',
    });
    await page.keyboard.press('Escape');
  });
});
