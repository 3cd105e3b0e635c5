import type { ChildProcess } from 'node:child_process';
import { request as apiRequest, type Page } from '@playwright/test';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import { inEveryLook } from '../support/looks';
import { signInAsAdmin, startEverythingHttp } from '../support/mcp';
import type { ProviderServer, RecordedRequest } from '../support/provider-server/server';

/**
 * Tools each chat offers and the search step (docs/product.md#tool-selection), end to end: two
 * instances of the reference MCP server are active (with the other specs' servers, far more
 * tools than the search threshold), the test provider records what the model was offered, and
 * a scripted model searches and then calls what it found on the real server.
 */

const first = 'pick_first';
const second = 'pick_second';
let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  for (const key of [first, second]) {
    const data = {
      key,
      name: key,
      transport: { type: 'streamable-http', url: everything.url },
      approvalPolicy: 'never ask',
    };
    let saved = await admin.post('/api/mcp/addServer', { data });
    // Added by an earlier worker of this run: point it at this worker's MCP server.
    if (saved.status() === 409) saved = await admin.post('/api/mcp/updateServer', { data });
    if (!saved.ok()) throw new Error(`saving ${key}: ${saved.status()} ${await saved.text()}`);
  }
  await admin.dispose();
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

let tags = 0;
async function model(page: Page, provider: ProviderServer, scenario: string[]) {
  tags += 1;
  const tag = `selection-${process.pid}-${Date.now()}-${tags}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base([...scenario, `tag:${tag}`].join(','), '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  return () => chatRequests(provider, tag);
}

const offered = (request: RecordedRequest | undefined) =>
  ((request?.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map(
    (tool) => tool.function.name,
  );

async function openChatSettings(page: Page, label = 'Chat settings') {
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog', { name: label });
}

test('the model is offered only the servers and tools the chat picked', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await model(page, provider, ['openai-text']);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  const settings = await openChatSettings(page);
  await settings.getByRole('checkbox', { name: 'All tools of the active servers' }).uncheck();
  await expect(settings.getByText('0 tools offered with each request.')).toBeVisible();
  await settings.getByRole('checkbox', { name: first, exact: true }).check();
  const secondTools = settings.getByRole('list', { name: `Tools of ${second}` });
  await settings
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: second, exact: true }) })
    .locator('summary')
    .click();
  await secondTools.getByRole('checkbox', { name: 'get-sum', exact: true }).check();
  await expect(settings.getByText(/^\d+ tools offered with each request\.$/)).toBeVisible();
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByText('Chat settings saved')).toBeVisible();
  await page.keyboard.press('Escape');

  await send(page, 'Hello');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const names = offered(sent()[0]);
  expect(names).toContain(`${first}--echo`);
  expect(names).toContain(`${second}--get-sum`);
  expect(names.filter((name) => !name.startsWith(`${first}--`))).toEqual([`${second}--get-sum`]);

  // Kept with the chat.
  await page.reload();
  const again = await openChatSettings(page);
  await expect(again.getByRole('checkbox', { name: first, exact: true })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: second, exact: true })).not.toBeChecked();
  await expect(
    again.getByRole('checkbox', { name: 'All tools of the active servers' }),
  ).not.toBeChecked();
});

test('past the threshold the model searches, then calls a tool it found on the real server', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const args = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const sent = await model(page, provider, [
    'openai-tools',
    `call:confab--search_tools:${args({ query: 'sum', server: second })}`,
    `then:${second}--get-sum:${args({ a: 2, b: 3 })}`,
  ]);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await send(page, 'What is 2 + 3?');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: The sum of 2 and 3 is 5.',
  );
  const requests = sent();
  expect(requests).toHaveLength(3);
  expect(offered(requests[0])).toEqual(['confab--search_tools']);
  expect(offered(requests[1])).toContain(`${second}--get-sum`);
  expect(offered(requests[1])[0]).toBe('confab--search_tools');
  expect(offered(requests[2])).toEqual(offered(requests[1]));

  const cards = lastReply(page).getByTestId('tool-call');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Searched tools: “sum”');
  await expect(cards.first()).toContainText(/Found \d+ tools?/);
  await cards.first().locator('summary').click();
  await expect(cards.first().getByRole('list', { name: 'Tools found' })).toContainText(
    `${second}--get-sum`,
  );
  await expect(cards.nth(1).locator('summary')).toContainText(`${second}--get-sum`);
  await expect(cards.nth(1).locator('summary')).toContainText('Done');
});

test('the tool choice and the search card in every look', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  // Eight looks (two widths, light and dark, two languages), a screenshot each.
  test.setTimeout(120_000);
  await openAiChat(page);
  const args = encodeURIComponent(JSON.stringify({ query: 'sum numbers' }));
  await model(page, provider, ['openai-tools', `call:confab--search_tools:${args}`]);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await send(page, 'Find a tool');
  await expect(lastReply(page).getByTestId('tool-call')).toHaveCount(1);
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const zh = language === 'zh-CN';
    const card = lastReply(page).getByTestId('tool-call');
    await card.locator('summary').click({ timeout: 30_000 });
    const shot = async (what: string) => {
      const name = `${what}-${view.name}-${colorScheme}-${language}.png`;
      const path = testInfo.outputPath(name);
      await page.screenshot({ path });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    };
    await expect(card.getByRole('list')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot('tool-search-card');
    const settings = await openChatSettings(page, zh ? '对话设置' : 'Chat settings');
    const picker = settings.getByRole('group', {
      name: zh ? '本对话提供的工具' : 'Tools this chat offers',
    });
    await picker.getByRole('checkbox', { name: first, exact: true }).click();
    await picker.locator('details').first().locator('summary').click();
    await picker.scrollIntoViewIfNeeded();
    await shot('chat-tool-choice');
    await page.keyboard.press('Escape');
  });
});
