import type { ChildProcess } from 'node:child_process';
import { request as apiRequest, type Page } from '@playwright/test';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  newChatOffering,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import { signInAsAdmin, startEverythingHttp } from '../support/mcp';
import type { ProviderServer, RecordedRequest } from '../support/provider-server/server';

/**
 * Input during a tool call (docs/product.md#mcp-input): the scripted model calls a tool of the
 * reference MCP server that asks the user something (a form, a link); the question shows under
 * the call's card, the user answers, and the model reads the tool's result with the answer.
 */

const key = 'ask_input';
let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  const data = {
    key,
    name: 'Asking server',
    transport: { type: 'streamable-http', url: everything.url },
    approvalPolicy: 'never ask',
  };
  let saved = await admin.post('/api/mcp/addServer', { data });
  if (saved.status() === 409) saved = await admin.post('/api/mcp/updateServer', { data });
  if (!saved.ok()) throw new Error(`saving ${key}: ${saved.status()} ${await saved.text()}`);
  await admin.dispose();
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

const call = (name: string, args: unknown) =>
  `call:${encodeURIComponent(`${name}:${JSON.stringify(args)}`)}`;

let tags = 0;
async function toolModel(page: Page, provider: ProviderServer, options: string[]) {
  tags += 1;
  const tag = `input-${process.pid}-${Date.now()}-${tags}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(['openai-tools', `tag:${tag}`, ...options].join(','), '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  // A whole run holds more servers than the search step's threshold: the chat offers this one,
  // whose tools the model calls by name.
  await newChatOffering(page, ['Asking server']);
  return () => chatRequests(provider, tag);
}

const toolMessages = (request: RecordedRequest | undefined) =>
  (request?.body as { messages: Array<{ role: string; content?: unknown }> }).messages.filter(
    (m) => m.role === 'tool',
  );

const question = (page: Page) => lastReply(page).getByTestId('tool-input');

test('a form during a tool call: the user fills it, the tool and then the model get the answer', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call(`${key}--trigger-elicitation-request`, {})]);
  await send(page, 'Ask me a few things');

  const form = question(page);
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading')).toHaveText(`${key} asks`);
  await expect(form).toContainText('Please provide inputs for the following fields:');
  await expect(lastReply(page).getByTestId('tool-call').locator('summary')).toContainText(
    'Waiting for your answer',
  );
  // The form checks before sending: the name is required.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();

  await form.getByRole('textbox', { name: 'String (required)' }).fill('Ada Lovelace');
  await form.getByRole('spinbutton', { name: 'Integer', exact: true }).fill('7');
  await form.getByRole('checkbox', { name: 'Boolean', exact: true }).check();
  await form
    .getByRole('combobox', { name: 'Titled Single Select Enum', exact: true })
    .selectOption('Wonder Woman');
  await form.getByRole('button', { name: 'Send' }).click();

  await expect(lastReply(page).getByTestId('reply')).toContainText('- Name: Ada Lovelace');
  await expect(question(page)).toHaveCount(0);
  const [toolMessage] = toolMessages(sent()[1]);
  expect(String(toolMessage?.content)).toContain('- Favorite Integer: 7');
  expect(String(toolMessage?.content)).toContain('"titledSingleSelectEnum": "hero-3"');
  await expect(lastReply(page).getByTestId('tool-call').locator('summary')).toContainText('Done');
});

test('declining a form lets the call go on: the tool says the user declined', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await toolModel(page, provider, [call(`${key}--trigger-elicitation-request`, {})]);
  await send(page, 'Ask me');
  await question(page).getByRole('button', { name: 'Decline' }).click();
  await expect(lastReply(page).getByTestId('reply')).toContainText(
    'User declined to provide the requested information',
  );
});

test('a link opens in a new tab without opener, only once the user chose to open it', async ({
  signedIn: page,
  provider,
}) => {
  await page.context().route('https://consent.example.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Consent</title><p>Consent page</p>',
    }),
  );
  await openAiChat(page);
  await toolModel(page, provider, [
    call(`${key}--trigger-url-elicitation`, {
      url: 'https://consent.example.com/start?flow=7',
      message: 'Approve access to your calendar',
    }),
  ]);
  await send(page, 'Connect my calendar');
  const link = question(page);
  await expect(link.getByRole('heading')).toHaveText(`${key} asks you to open a link`);
  await expect(link).toContainText('Approve access to your calendar');
  await expect(link).toContainText('The link goes to consent.example.com');
  expect(page.context().pages()).toHaveLength(1);

  const popup = page.context().waitForEvent('page');
  await link.getByRole('button', { name: 'Open link' }).click();
  const opened = await popup;
  await opened.waitForLoadState();
  expect(opened.url()).toBe('https://consent.example.com/start?flow=7');
  expect(await opened.evaluate(() => window.opener === null)).toBe(true);
  await opened.close();
  await expect(lastReply(page).getByTestId('reply')).toContainText(
    'User completed the URL elicitation flow',
  );
});

test('stop while the form is open cancels the question and the call', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await toolModel(page, provider, [call(`${key}--trigger-elicitation-request`, {})]);
  await send(page, 'Ask me, then stop');
  await expect(question(page)).toBeVisible();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(lastReply(page).getByTestId('stopped')).toHaveText('Stopped');
  await expect(question(page)).toHaveCount(0);
  await expect(lastReply(page).getByTestId('tool-call').locator('summary')).toContainText(
    'Stopped',
  );
});

test('the form in every look: phone and desktop, light and dark, English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  await openAiChat(page);
  await toolModel(page, provider, [call(`${key}--trigger-elicitation-request`, {})]);
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
    await page.reload();
    const input = page.getByRole('textbox', { name: language === 'en' ? 'Message' : '消息' });
    await expect(input).toBeVisible({ timeout: 30_000 });
    await input.fill(`Ask me (${language})`);
    await input.press('Enter');
    const form = question(page);
    await expect(form).toBeVisible();
    await form.getByRole('button').last().click();
    for (const colorScheme of ['light', 'dark'] as const)
      for (const view of [
        { name: 'phone', width: 375, height: 740 },
        { name: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width: view.width, height: view.height });
        await form.scrollIntoViewIfNeeded();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${language} ${colorScheme} ${view.name}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`tool-input-${language}-${colorScheme}-${view.name}.png`),
        });
        // The top of the form: its title, the server's words, the first field's problem.
        await form.getByRole('heading').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: testInfo.outputPath(`tool-input-top-${language}-${colorScheme}-${view.name}.png`),
        });
      }
    await form.getByRole('button').nth(1).click();
    await expect(question(page)).toHaveCount(0);
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
