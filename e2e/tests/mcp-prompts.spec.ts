import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
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
import { inEveryLook } from '../support/looks';
import { addToolServer, startEverythingHttp } from '../support/mcp';
import type { ProviderServer, RecordedRequest } from '../support/provider-server/server';

/**
 * Prompts and resources of an MCP server in the AI chat: the reference server's prompts as
 * slash commands, its resources attached to a prompt, and a tool result's resource links and
 * structured output in the tool card.
 */

const key = 'prompts_e2e';
let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  await addToolServer(key, everything.url, 'never ask');
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

let tags = 0;

/** Points OpenAI at the test provider with `scenario`; returns the requests it got. */
async function model(page: Page, provider: ProviderServer, scenario: string[]) {
  tags += 1;
  const tag = `prompts-${process.pid}-${Date.now()}-${tags}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base([...scenario, `tag:${tag}`].join(','), '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  return () => chatRequests(provider, tag);
}

type Part = { type: string; text?: string };
const lastUserText = (request: RecordedRequest | undefined) => {
  const body = request?.body as { messages: Array<{ role: string; content: Part[] | string }> };
  const content = body.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof content === 'string'
    ? content
    : (content ?? []).map((part) => part.text ?? '').join('\n');
};

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test('a slash command: the list, the argument form, the prompt in the composer, sent to the model', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await model(page, provider, ['openai-text']);
  await composer(page).fill('/args');
  const list = page.getByRole('listbox', { name: 'Prompts of the tool servers' });
  // Other specs' servers may offer the same prompt: this server's is chosen.
  const option = list.getByRole('option').filter({ hasText: key });
  await expect(option).toContainText('/args-prompt');
  await option.click();
  const form = page.getByRole('dialog', { name: '/args-prompt' });
  await expect(form.getByLabel(/^city/)).toBeFocused();
  // Required: the form does not go without it.
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeVisible();
  await form.getByLabel(/^city/).fill('Lyon');
  await form.getByLabel(/^state/).fill('Rhône');
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeHidden();
  await expect(composer(page)).toHaveValue("What's weather in Lyon, Rhône?");
  await expect(list).toBeHidden();
  await composer(page).press('Enter');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  expect(lastUserText(sent()[0])).toBe("What's weather in Lyon, Rhône?");
});

test('a resource attached from the picker goes to the model with the prompt', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await model(page, provider, ['openai-text']);
  await page.getByRole('button', { name: 'Attach a resource' }).click();
  const picker = page.getByRole('dialog', { name: 'Attach a resource' });
  await picker.getByLabel('Server').selectOption(key);
  await picker.getByRole('searchbox', { name: 'Search the resources' }).fill('instructions');
  await picker.getByRole('button', { name: /instructions\.md/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('pending-attachment')).toHaveCount(1);
  await expect(page.getByTestId('pending-attachment')).toContainText('instructions.md');
  await send(page, 'What do these instructions say?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const text = lastUserText(sent()[0]);
  expect(text).toContain('What do these instructions say?');
  expect(text).toContain('instructions.md');
  // The document's own words, read by the server from the MCP server.
  expect(text).toMatch(/server/i);
  expect(text.length).toBeGreaterThan(300);
});

const call = (name: string, args: unknown) =>
  `call:${encodeURIComponent(`${name}:${JSON.stringify(args)}`)}`;

test('a tool result: its resource link opens through the server, its structured output reads as a table', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  await openAiChat(page);
  await model(page, provider, [
    'openai-tools',
    call(`${key}--get-resource-links`, { count: 2 }),
    call(`${key}--get-structured-content`, { location: 'New York' }),
  ]);
  // A whole run holds more servers than the search step's threshold: the chat offers this one.
  await newChatOffering(page, [key]);
  await send(page, 'Show me links and the weather');
  await expect(lastReply(page).getByTestId('reply')).toContainText('The tools answered');
  const cards = lastReply(page).getByTestId('tool-call');
  await expect(cards).toHaveCount(2);
  await cards.nth(0).locator('summary').first().click();
  const link = cards.nth(0).getByTestId('resource-link').filter({ hasText: 'Text Resource 2' });
  await link.getByRole('button', { name: 'Open Text Resource 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Text Resource 2' });
  await expect(dialog).toContainText('demo://resource/dynamic/text/2');
  await expect(dialog.locator('pre')).toContainText('Resource 2');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await cards.nth(1).locator('summary').first().click();
  const structured = cards.nth(1).getByRole('region', { name: 'Structured result' });
  await expect(structured.getByRole('rowheader', { name: 'temperature' })).toBeVisible();
  await expect(structured.getByRole('rowheader', { name: 'conditions' })).toBeVisible();

  const path = testInfo.outputPath('tool-card-structured.png');
  await cards.nth(1).screenshot({ path });
  await testInfo.attach('tool-card-structured.png', { path, contentType: 'image/png' });
});

test('the slash list and the argument form in every look', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  // Eight looks (two widths, light and dark, two languages), a screenshot each.
  test.setTimeout(120_000);
  await openAiChat(page);
  await model(page, provider, ['openai-text']);
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const input = page.getByRole('textbox', { name: language === 'en' ? 'Message' : /./ }).last();
    await expect(input).toBeVisible({ timeout: 30_000 });
    await input.fill('/');
    await expect(page.getByTestId('slash-menu').getByRole('option').first()).toBeVisible();
    const shot = async (what: string) => {
      const name = `prompts-${what}-${view.name}-${colorScheme}-${language}.png`;
      const path = testInfo.outputPath(name);
      await page.screenshot({ path });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    };
    await shot('slash');
    await input.fill('/args');
    await input.press('Enter');
    await expect(page.getByTestId('prompt-arguments')).toBeVisible();
    await shot('form');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('prompt-arguments')).toBeHidden();
    await input.fill('');
    await page
      .getByRole('button', { name: language === 'en' ? 'Attach a resource' : '附加资源' })
      .click();
    // Other specs' servers may still be listed: this spec's is chosen.
    await page.getByTestId('resource-picker').getByRole('combobox').selectOption(key);
    await expect(page.getByTestId('resource-picker').getByRole('listitem').first()).toBeVisible();
    await shot('picker');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('resource-picker')).toBeHidden();
  });
});
