import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import {
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  openProviderSettings,
  send,
  test,
} from '../support/ai-chat';
import { freePort } from '../support/free-port';
import { addToolServer, startEverythingHttp } from '../support/mcp';
import type { ProviderServer } from '../support/provider-server/server';

/**
 * The AI chat against the provider in use: tools only for models that take them, a chat's
 * settings checked again when the provider changes, topP and presence penalty, and the
 * first-run card. An MCP server is active throughout, so every model could be offered tools.
 */

let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  await addToolServer('prov_tools', everything.url, 'never ask');
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

const views = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let tags = 0;
function tagged(provider: ProviderServer, scenario: string) {
  tags += 1;
  const tag = `prov-${process.pid}-${Date.now()}-${tags}`;
  return {
    base: provider.base(`${scenario},tag:${tag}`),
    chats: () =>
      provider.requests.filter(
        (r) => r.tag === tag && (r.path === '/api/chat' || r.path.endsWith('/chat/completions')),
      ),
  };
}

const bodyOf = (r: { body: unknown } | undefined) => (r?.body ?? {}) as Record<string, unknown>;

async function openChatSettings(page: Page) {
  await page.getByRole('button', { name: 'Chat settings' }).click();
  return page.getByRole('dialog', { name: 'Chat settings' });
}

for (const view of views) {
  test.describe(`${view.name} (${view.width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: view.width, height: view.height });
    });

    test('an Ollama model without tool support answers while an MCP server is active', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      // Ollama reports gemma3 without tools: none are sent.
      const reported = tagged(provider, 'ollama-text');
      await configureProvider(page, {
        provider: 'Ollama',
        base: reported.base,
        model: 'gemma3:latest',
      });
      await send(page, 'Hello');
      await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
      await expect(page.getByText(/does not support tools/)).toHaveCount(0);
      expect(reported.chats().map((r) => Boolean(bodyOf(r).tools))).toEqual([false]);

      // An Ollama that does not report capabilities: the refusal is retried without tools.
      const unreported = tagged(provider, 'ollama-text,no-show');
      await configureProvider(page, { provider: 'Ollama', base: unreported.base, model: 'gemma3' });
      await send(page, 'Hello again');
      await expect(page.getByTestId('reply')).toHaveCount(2);
      await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
      await expect(page.getByText(/does not support tools/)).toHaveCount(0);
      expect(unreported.chats().map((r) => Boolean(bodyOf(r).tools))).toEqual([true, false]);
    });

    test('"No tools" in the chat settings keeps the tools from a model that takes them', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      const sent = tagged(provider, 'ollama-text');
      await configureProvider(page, { provider: 'Ollama', base: sent.base, model: 'qwen2.5:7b' });
      await send(page, 'With tools');
      await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
      expect(Array.isArray(bodyOf(sent.chats()[0]).tools)).toBe(true);

      const dialog = await openChatSettings(page);
      await dialog.getByRole('checkbox', { name: 'No tools' }).check();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByRole('status')).toHaveText('Chat settings saved');
      await page.keyboard.press('Escape');
      await send(page, 'Without tools');
      await expect(page.getByTestId('reply')).toHaveCount(2);
      await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
      expect(bodyOf(sent.chats()[1]).tools).toBeUndefined();

      // Kept with the chat.
      await page.reload();
      const again = await openChatSettings(page);
      await expect(again.getByRole('checkbox', { name: 'No tools' })).toBeChecked();
    });

    test("a chat's model set under OpenAI is not sent to Ollama; the chat settings say which is used", async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      const openai = tagged(provider, 'openai-text');
      await configureProvider(page, {
        provider: 'OpenAI',
        base: `${openai.base}/v1`,
        key: 'sk-test',
        model: 'gpt-4o-mini',
      });
      await send(page, 'Under OpenAI');
      await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
      const settings = await openChatSettings(page);
      await settings.getByLabel('Model', { exact: true }).fill('gpt-4o');
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(settings.getByRole('status')).toHaveText('Chat settings saved');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('model-badge')).toHaveText('OpenAI · gpt-4o');

      const ollama = tagged(provider, 'ollama-text');
      await configureProvider(page, { provider: 'Ollama', base: ollama.base, model: 'qwen2.5:7b' });
      await expect(page.getByTestId('model-badge')).toHaveText('Ollama · qwen2.5:7b');
      const note =
        "This chat's model gpt-4o is not one of Ollama's models: qwen2.5:7b is used instead.";
      const again = await openChatSettings(page);
      await expect(again.getByRole('note').filter({ hasText: 'gpt-4o' })).toHaveText(note);
      await page.keyboard.press('Escape');
      await send(page, 'Under Ollama');
      await expect(page.getByTestId('reply')).toHaveCount(2);
      await expect(lastReply(page).getByTestId('reply')).toContainText('Okay');
      expect(bodyOf(ollama.chats()[0]).model).toBe('qwen2.5:7b');

      await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
      await page.reload();
      await page.getByRole('button', { name: '对话设置' }).click();
      await expect(
        page
          .getByRole('dialog', { name: '对话设置' })
          .getByRole('note')
          .filter({ hasText: 'gpt-4o' }),
      ).toHaveText('本对话的模型 gpt-4o 不在 Ollama 的模型中，改用 qwen2.5:7b。');
    });

    test('top P and presence penalty: checked, kept and sent', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      const openai = tagged(provider, 'openai-text');
      await configureProvider(page, {
        provider: 'OpenAI',
        base: `${openai.base}/v1`,
        key: 'sk-test',
        model: 'gpt-4o-mini',
      });
      await send(page, 'Defaults');
      await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
      expect(bodyOf(openai.chats()[0])).not.toHaveProperty('top_p');

      const settings = await openChatSettings(page);
      await expect(settings.getByLabel('Top P')).toHaveValue('1');
      await expect(settings.getByLabel('Presence penalty')).toHaveValue('0');
      await settings.getByLabel('Top P').fill('1.5');
      await settings.getByLabel('Presence penalty').fill('-3');
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(settings.getByText('Top P must be a number between 0 and 1.')).toBeVisible();
      await expect(
        settings.getByText('Presence penalty must be a number between -2 and 2.'),
      ).toBeVisible();
      await expect(settings.getByRole('status')).toHaveCount(0);
      await settings.getByLabel('Top P').fill('0.8');
      await settings.getByLabel('Presence penalty').fill('0.5');
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(settings.getByRole('status')).toHaveText('Chat settings saved');
      await page.keyboard.press('Escape');
      await send(page, 'Tuned');
      await expect(page.getByTestId('reply')).toHaveCount(2);
      expect(bodyOf(openai.chats()[1])).toMatchObject({ top_p: 0.8, presence_penalty: 0.5 });

      await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
      await page.reload();
      await page.getByRole('button', { name: '对话设置' }).click();
      const zh = page.getByRole('dialog', { name: '对话设置' });
      await expect(zh.getByLabel('Top P')).toHaveValue('0.8');
      await expect(zh.getByLabel('存在惩罚')).toHaveValue('0.5');
      await zh.getByLabel('存在惩罚').fill('9');
      await zh.getByRole('button', { name: '保存', exact: true }).click();
      await expect(zh.getByText('存在惩罚必须是 -2 到 2 之间的数字。')).toBeVisible();
    });

    test('first run: the card tests the connection with the real reason, fetches the models, then the user chats', async ({
      signedIn: page,
      provider,
    }, testInfo) => {
      await openAiChat(page);
      // No provider ready on a first visit: OpenAI chosen, no key yet.
      const dialog = await openProviderSettings(page);
      await dialog.getByLabel('Provider').selectOption('OpenAI');
      await dialog.getByRole('button', { name: 'Save settings' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Settings saved');
      await page.keyboard.press('Escape');

      const card = page.getByRole('region', { name: 'Set up a model provider' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('OpenAI needs: API key, model.');
      const base = card.getByLabel('API base');
      const test = card.getByRole('button', { name: 'Test connection' });

      // Nothing listening on this machine: refused, and no Ollama hint for an OpenAI server.
      const port = await freePort();
      await base.fill(`http://127.0.0.1:${port}/v1`);
      await test.click();
      await expect(card.getByRole('alert')).toHaveText(
        `Nothing answers at http://127.0.0.1:${port}: the connection was refused or the address is wrong.`,
      );
      // A server that does not allow this site.
      await base.fill(provider.base('openai-text,no-cors', '/v1'));
      await test.click();
      await expect(card.getByRole('alert')).toHaveText(
        `${provider.url} answers, but does not allow this site (CORS).`,
      );
      // A wrong key: the provider's own message.
      await base.fill(
        provider.base('x,status:401,message:Incorrect%20API%20key%20provided', '/v1'),
      );
      await card.getByLabel('API key').fill('sk-wrong');
      await test.click();
      await expect(card.getByRole('alert')).toHaveText(
        'The server answered 401: Incorrect API key provided',
      );
      await page.screenshot({ path: testInfo.outputPath(`first-run-error-${view.name}.png`) });

      const sent = tagged(provider, 'openai-text');
      await base.fill(`${sent.base}/v1`);
      await card.getByLabel('API key').fill('sk-test');
      await test.click();
      await expect(card.getByTestId('connection-ok')).toHaveText('Connected: 6 models found.');
      await card.getByLabel('Choose a model').selectOption('gpt-4o-mini');
      await expect(card.getByLabel('Model', { exact: true })).toHaveValue('gpt-4o-mini');
      await page.screenshot({ path: testInfo.outputPath(`first-run-ok-${view.name}.png`) });
      await card.getByRole('button', { name: 'Save settings' }).click();
      await expect(card).toBeHidden();
      await send(page, 'First prompt');
      await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
      expect(bodyOf(sent.chats()[0]).model).toBe('gpt-4o-mini');
    });

    test('the Ollama hint appears for Ollama only, in the card', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
      await page.reload();
      await expect(page.getByRole('textbox', { name: '消息' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: '模型服务设置' }).first().click();
      const dialog = page.getByRole('dialog', { name: '模型服务设置' });
      await dialog.getByLabel('服务商').selectOption('Ollama');
      await dialog.getByLabel('模型', { exact: true }).fill('');
      await dialog.getByRole('button', { name: '保存设置' }).click();
      await page.keyboard.press('Escape');
      const card = page.getByRole('region', { name: '设置模型服务' });
      await expect(card).toBeVisible();
      await card.getByLabel('API 地址').fill(provider.base('ollama-text,no-cors'));
      await card.getByRole('button', { name: '测试连接' }).click();
      await expect(card.getByRole('alert')).toContainText('不允许本站访问（CORS）');
      await expect(card.getByRole('alert')).toContainText('OLLAMA_ORIGINS=');
    });
  });
}
