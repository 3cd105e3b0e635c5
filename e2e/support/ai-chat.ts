import { test as base, expect, type Page } from '@playwright/test';
import { signUpViaApi } from './accounts';
import { startProviderServer, type ProviderServer } from './provider-server/server';

/**
 * AI chat tests: a test provider per worker (its own free port, so workers never share one),
 * and a signed-in page. Each test picks its replies through the scenario in the base URL.
 */
export const test = base.extend<{ signedIn: Page }, { provider: ProviderServer }>({
  provider: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startProviderServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ page }, use) => {
    await signUpViaApi(page.request, 'ai');
    await use(page);
  },
});

export { expect };

export interface ProviderSetup {
  provider: 'OpenAI' | 'Ollama' | 'DeepSeek';
  base: string;
  key?: string;
  model: string;
}

export async function openProviderSettings(page: Page) {
  await page.getByRole('button', { name: 'Provider settings' }).first().click();
  return page.getByRole('dialog', { name: 'Provider settings' });
}

/** Sets the active provider through the settings screen, as a user does. */
export async function configureProvider(page: Page, setup: ProviderSetup) {
  const dialog = await openProviderSettings(page);
  await dialog.getByLabel('Provider').selectOption(setup.provider);
  await dialog.getByLabel('API base').fill(setup.base);
  if (setup.key !== undefined) await dialog.getByLabel(/^API key( \(optional\))?$/).fill(setup.key);
  await dialog.getByLabel('Model', { exact: true }).fill(setup.model);
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Settings saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens the AI chat and waits for its message box; answers with the document's response. */
export async function openAiChat(page: Page) {
  const response = await page.goto('/agents/mindBox');
  // The AI chat's chunk is the app's largest: its first load in a fresh browser on a busy
  // machine can take longer than the usual wait.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 30_000 });
  return response;
}

export async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

/** The last message card's reply area. */
export const lastReply = (page: Page) => page.getByTestId('reply-block').last();

/** The requests for replies sent with `tag` (not the model details Ollama is asked for). */
export const chatRequests = (provider: ProviderServer, tag: string) =>
  provider.requests.filter((r) => r.tag === tag && r.method === 'POST' && r.path !== '/api/show');

/**
 * Starts a new chat that offers only these servers' tools (docs/product.md#tool-selection), by
 * their names as the chat settings list them: a run holds more servers than the threshold of the
 * search step, and a model that calls a tool directly needs the tool offered.
 */
export async function newChatOffering(page: Page, servers: readonly string[]) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await dialog.getByRole('checkbox', { name: 'All tools of the active servers' }).uncheck();
  for (const server of servers) {
    await dialog.getByRole('checkbox', { name: server, exact: true }).check();
  }
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Chat settings saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
