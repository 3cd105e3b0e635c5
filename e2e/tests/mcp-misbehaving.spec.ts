import { resolve } from 'node:path';
import { request as apiRequest, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import {
  configureProvider,
  expect,
  lastReply,
  newChatOffering,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import { inEveryLook } from '../support/looks';
import { holdExclusive } from '../support/exclusive';
import { signInAsAdmin, writeOperatorFile } from '../support/mcp';

/**
 * Servers that misbehave (a tool list that is not one, pages that never end) and one of 1,000
 * tools, from the operator's file: the settings say what is wrong, page the long list, and the
 * chat screen goes on working.
 */

// One operator file for the file: the tests read the same servers in turn.
test.describe.configure({ mode: 'serial' });

const raw = resolve(import.meta.dirname, '../../apps/server/test/fixtures/raw-mcp-server.mjs');
const rawStdio = (mode: string, ...args: string[]) => ({
  command: process.execPath,
  args: [raw, mode, ...args],
});

let release: () => void = () => {};

test.beforeAll(async () => {
  // Waits while another spec has the operator's file.
  test.setTimeout(9 * 60_000);
  release = await holdExclusive('operator-file');
  writeOperatorFile({
    many: { ...rawStdio('many-tools', '1000', '100'), name: 'Many tools' },
    bad_tools: { ...rawStdio('invalid-tools'), name: 'Bad tools' },
    endless: { ...rawStdio('endless-pages'), name: 'Endless' },
    bad_output: { ...rawStdio('bad-output'), name: 'Bad output', approvalPolicy: 'never ask' },
  });
});

// The file emptied and read again: later specs do not meet these servers.
test.afterAll(async () => {
  writeOperatorFile({});
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  await admin.get('/api/mcp/init');
  await admin.dispose();
  release();
});

async function openTools(page: Page, name = 'Tools') {
  await page.goto('/agents/mindBox');
  await page.getByRole('button', { name }).click();
}

const toolsDialog = (page: Page) => page.getByRole('dialog', { name: 'Tools (MCP servers)' });

test('an administrator reads why each garbage server failed; the 1,000 tools come a page at a time', async ({
  page,
}) => {
  await signInAsAdmin(page.request);
  await openTools(page);
  const tools = toolsDialog(page);
  const bad = tools.getByRole('listitem', { name: 'Bad tools' });
  await expect(bad).toContainText('Error');
  await expect(bad).toContainText(
    "The server's answer to tools/list is not valid MCP (tools: Invalid input: expected array, received string)",
  );
  await expect(tools.getByRole('listitem', { name: 'Endless' })).toContainText(
    'The server listed more than 50 pages of tools without reaching the end; the list was refused',
  );

  const many = tools.getByRole('listitem', { name: 'Many tools' });
  await expect(many).toContainText('Connected');
  const list = many.getByRole('list', { name: 'Tools of Many tools' });
  await expect(list.getByRole('switch')).toHaveCount(20);
  await expect(many).toContainText('20 of 1000 tools shown');
  await many.getByRole('button', { name: 'Show 20 more tools' }).click();
  await expect(list.getByRole('switch')).toHaveCount(40);
  await many.getByRole('searchbox', { name: 'Filter the tools of Many tools' }).fill('tool_0999');
  await expect(list.getByRole('switch')).toHaveCount(1);
  await expect(list.getByRole('switch', { name: 'Offer tool_0999 to the model' })).toBeChecked();
});

test('a user sees only that the garbage servers are unavailable, and the chat screen works', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await openTools(page);
  const tools = toolsDialog(page);
  const bad = tools.getByRole('listitem', { name: 'Bad tools' });
  await expect(bad).toContainText('Unavailable. An administrator can see why.');
  await expect(bad).not.toContainText('tools/list');
  await expect(tools.getByRole('listitem', { name: 'Many tools' })).toContainText('Connected');
  await page.keyboard.press('Escape');
  await expect(tools).toBeHidden();
  // The composer and its slash list go on: the servers without prompts list none.
  const input = page.getByRole('textbox', { name: 'Message' });
  // (Other specs' servers may offer prompts: a command none has.)
  await input.fill('/no-such-prompt-anywhere');
  await expect(page.getByTestId('slash-menu')).toContainText('No prompt matches');
});

test('a tool whose structured result breaks its output schema: the card names the tool and what was wrong, and the model is told', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const call = `call:${encodeURIComponent('bad_output--count_items:{}')}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(['openai-tools', call].join(','), '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  // A whole run holds more servers than the search step's threshold: the chat offers this one.
  await newChatOffering(page, ['Bad output']);
  await send(page, 'How many items?');
  const card = lastReply(page).getByTestId('tool-call');
  await expect(card).toContainText('bad_output--count_items');
  await expect(card).toContainText('Error');
  await card.locator('summary').first().click();
  await expect(card).toContainText(
    'MCP server "bad_output" refused the call to "count_items": Structured content does not match the tool\'s output schema: data/count must be number',
  );
  // The model read the same error as the tool's answer, and answered.
  await expect(lastReply(page).getByTestId('reply')).toContainText('The tools answered');
  await expect(lastReply(page).getByTestId('reply')).toContainText('count_items');
});

test('the settings with a garbage server and 1,000 tools, in every look', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page.request);
  await page.goto('/agents/mindBox');
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await page
      .getByRole('button', { name: language === 'en' ? 'Tools' : '工具' })
      .first()
      .click();
    await expect(page.getByRole('switch').first()).toBeVisible({ timeout: 30_000 });
    const name = `misbehaving-${view.name}-${colorScheme}-${language}.png`;
    const path = testInfo.outputPath(name);
    await page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
    // The failed server's card, scrolled to, with its reason.
    const card = page.getByRole('listitem', { name: 'Bad tools' });
    await card.scrollIntoViewIfNeeded();
    const cardName = `misbehaving-card-${view.name}-${colorScheme}-${language}.png`;
    await card.screenshot({ path: testInfo.outputPath(cardName) });
    await page.keyboard.press('Escape');
  });
});
