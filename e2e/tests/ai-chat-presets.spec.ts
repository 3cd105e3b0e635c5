import type { Browser, Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
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
 * Presets (docs/product.md#presets): saved from a chat's settings, a chat started from one sends
 * its settings, the built-in ones speak the user's language, and the account's presets reach its
 * other devices with the settings sync.
 */

type Account = Awaited<ReturnType<typeof signUpViaApi>>;

/** Another device of the same account: a browser context of its own, signed in. */
async function secondDevice(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = await page.request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

interface SentBody {
  model?: string;
  temperature?: number;
  messages?: { role: string; content: unknown }[];
}
const bodyOf = (request: { body: unknown } | undefined) => (request?.body ?? {}) as SentBody;
const systemOf = (body: SentBody) =>
  body.messages?.find((m) => m.role === 'system' || m.role === 'developer')?.content;

test("a preset saved from a chat's settings starts a chat that sends them, and reaches another device", async ({
  page,
  browser,
  provider,
}) => {
  test.setTimeout(120_000);
  const account = await signUpViaApi(page.request, 'presets');
  const tag = `presets-${process.pid}-${Date.now()}`;
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(`openai-text,tag:${tag}`, '/v1'),
    key: 'sk-test',
    model: 'gpt-4o-mini',
  });

  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Chat settings' });
  await settings.getByLabel('Model', { exact: true }).fill('preset-model-e2e');
  await settings.getByLabel('System message').fill('You answer like a ship captain.');
  await settings.getByLabel('Temperature').fill('0.35');
  // A blank name is refused and nothing is saved.
  await settings.getByRole('button', { name: 'Save as preset' }).click();
  await expect(settings.getByText('The preset needs a name.')).toBeVisible();
  await settings.getByLabel('Preset name').fill('Captain');
  await settings.getByRole('button', { name: 'Save as preset' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved as preset “Captain”');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: 'Start from a preset' }).click();
  await page.getByRole('menuitem', { name: 'Captain' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await send(page, 'Where are we heading?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const sent = bodyOf(chatRequests(provider, tag).at(-1));
  expect(sent.model).toBe('preset-model-e2e');
  expect(sent.temperature).toBe(0.35);
  expect(systemOf(sent)).toBe('You answer like a ship captain.');

  // The account's other device gets the preset with the synced settings.
  const phone = await secondDevice(browser, account);
  await openAiChat(phone);
  await expect(async () => {
    await phone.keyboard.press('Escape');
    await phone.getByRole('button', { name: 'Start from a preset' }).click();
    await expect(phone.getByRole('menuitem', { name: 'Captain' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await phone.getByRole('menuitem', { name: 'Captain' }).click();
  await phone.getByRole('button', { name: 'Chat settings' }).click();
  const phoneSettings = phone.getByRole('dialog', { name: 'Chat settings' });
  await expect(phoneSettings.getByLabel('System message')).toHaveValue(
    'You answer like a ship captain.',
  );
  await expect(phoneSettings.getByLabel('Temperature')).toHaveValue('0.35');
  await phone.context().close();
});

test('a built-in preset in Chinese at 375 px', async ({ signedIn: page, provider }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const tag = `presets-zh-${process.pid}-${Date.now()}`;
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`ollama-text,tag:${tag}`),
    model: 'qwen2.5:7b',
  });
  await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
  await page.reload();
  const input = page.getByRole('textbox', { name: '消息' });
  await expect(input).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: '对话列表' }).click();
  const sheet = page.getByRole('dialog', { name: 'AI 对话列表' });
  await sheet.getByRole('button', { name: '从预设新建对话' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '🌐 翻译' })).toBeVisible();
  // The menu fits the phone's width.
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  // The keyboard reaches the items: the first is the translator.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: '🌐 翻译' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect(input).toBeFocused();

  await input.fill('你好');
  await input.press('Enter');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const sent = bodyOf(chatRequests(provider, tag).at(-1));
  expect(String(systemOf(sent))).toMatch(/^你是一名翻译/);
});
