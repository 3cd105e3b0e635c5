import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';
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
      await dialog.getByRole('button', { name: 'Save' }).click();
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
      await settings.getByRole('button', { name: 'Save' }).click();
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
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings.getByText('Top P must be a number between 0 and 1.')).toBeVisible();
      await expect(
        settings.getByText('Presence penalty must be a number between -2 and 2.'),
      ).toBeVisible();
      await expect(settings.getByRole('status')).toHaveCount(0);
      await settings.getByLabel('Top P').fill('0.8');
      await settings.getByLabel('Presence penalty').fill('0.5');
      await settings.getByRole('button', { name: 'Save' }).click();
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
      await zh.getByRole('button', { name: '保存' }).click();
      await expect(zh.getByText('存在惩罚必须是 -2 到 2 之间的数字。')).toBeVisible();
    });
  });
}
