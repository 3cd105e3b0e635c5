import { request as apiRequest, type Page } from '@playwright/test';
import {
  startOAuthMcpServer,
  type OAuthMcpServer,
} from '../../apps/server/test/fixtures/oauth-mcp-server.mjs';
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
import { signInAsAdmin } from '../support/mcp';

/**
 * OAuth sign-in to an MCP server, end to end in Chromium: a real authorization server
 * (oidc-provider) and an MCP server that takes only its tokens; the user connects from the tool
 * settings, the AI chat calls the server's tool with their token, and they disconnect.
 */

const key = 'hosted_e2e';
const shots = '/tmp/shots-mcp-oauth';
let hosted: OAuthMcpServer;

test.beforeAll(async () => {
  hosted = await startOAuthMcpServer();
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  const data = {
    key,
    name: 'Hosted tools',
    transport: { type: 'streamable-http', url: hosted.url },
    approvalPolicy: 'never ask',
    auth: { type: 'oauth' },
  };
  let saved = await admin.post('/api/mcp/addServer', { data });
  // Added by an earlier worker of this run: point it at this worker's server.
  if (saved.status() === 409) saved = await admin.post('/api/mcp/updateServer', { data });
  if (!saved.ok()) throw new Error(`saving ${key}: ${saved.status()} ${await saved.text()}`);
  await admin.dispose();
});

test.afterAll(async () => {
  await hosted?.close();
});

async function openTools(page: Page) {
  await page.getByRole('button', { name: 'Tools' }).click();
  return page.getByRole('dialog', { name: 'Tools (MCP servers)' });
}

const call = (name: string, args: unknown) =>
  `call:${encodeURIComponent(`${name}:${JSON.stringify(args)}`)}`;

test('connect, call the tool from the AI chat with the own account, disconnect', async ({
  signedIn: page,
  provider,
}) => {
  // Eight looks (two widths, light and dark, two languages), a screenshot each.
  test.setTimeout(120_000);
  // The test authorization server signs in whoever this cookie names.
  await page
    .context()
    .addCookies([{ name: 'account', value: 'e2e_person', domain: '127.0.0.1', path: '/' }]);
  await openAiChat(page);

  let tools = await openTools(page);
  const card = tools.getByRole('listitem', { name: 'Hosted tools' });
  await expect(card).toContainText('Not connected');
  await expect(card).toContainText("Connect your account to use this server's tools.");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${shots}/needs-connect-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Connect' }).click();

  // Through the authorization server and back: the settings open with the outcome.
  await page.waitForURL(/\/agents\/mindBox\?mcpOAuth=connected/);
  tools = page.getByRole('dialog', { name: 'Tools (MCP servers)' });
  await expect(tools).toContainText(`Your account on ${key} is connected`);
  await expect(tools.getByRole('listitem', { name: 'Hosted tools' })).toContainText(
    'Your account is connected.',
  );
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('listitem').first()).toBeVisible();
    await expect(dialog).toContainText(
      language === 'en' ? `Your account on ${key} is connected` : `你在 ${key} 的账号已连接`,
    );
    await page.screenshot({
      path: `${shots}/connected-${view.name}-${colorScheme}-${language}.png`,
    });
  });
  await page.evaluate(() => localStorage.setItem('confab:language', 'en'));
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Tools (MCP servers)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/agents\/mindBox$/);

  // The model calls the tool: it runs with this user's token.
  const tag = `oauth-${process.pid}-${Date.now()}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(
      ['openai-tools', `tag:${tag}`, call(`${key}--whoami`, {})].join(','),
      '/v1',
    ),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  // A whole run holds more servers than the search step's threshold: the chat offers this one.
  await newChatOffering(page, ['Hosted tools']);
  await send(page, 'Who am I there?');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: Signed in as e2e_person',
  );
  const offered = (
    chatRequests(provider, tag)[0]!.body as { tools: Array<{ function: { name: string } }> }
  ).tools.map((tool) => tool.function.name);
  expect(offered).toContain(`${key}--whoami`);

  // Disconnect: "Connect" again, and the tool is no longer offered.
  tools = await openTools(page);
  const connected = tools.getByRole('listitem', { name: 'Hosted tools' });
  await connected.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Disconnected from Hosted tools', { exact: true })).toBeVisible();
  await expect(connected).toContainText('Not connected');
  await expect(connected.getByRole('button', { name: 'Connect' })).toBeVisible();
  await page.screenshot({ path: `${shots}/disconnected-desktop.png` });
});

test('a refused sign-in comes back with its reason, and nothing is connected', async ({
  signedIn: page,
}) => {
  await openAiChat(page);
  const tools = await openTools(page);
  const card = tools.getByRole('listitem', { name: 'Hosted tools' });
  // The authorization server is down: the settings say so and the page stays.
  hosted.behaviour.as = 'fail';
  try {
    await card.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('The sign-in could not start', { exact: true })).toBeVisible();
    await expect(
      page.getByText('A service the server relies on did not answer.', { exact: true }),
    ).toBeVisible();
  } finally {
    hosted.behaviour.as = 'normal';
  }
  await page.screenshot({ path: `${shots}/as-down-desktop.png` });
  await expect(card).toContainText('Not connected');
});

test('a sign-in answer used twice (the back button) comes back to the settings in words, never JSON', async ({
  signedIn: page,
}) => {
  // Eight looks (two widths, light and dark, two languages), a screenshot each.
  test.setTimeout(120_000);
  await page
    .context()
    .addCookies([{ name: 'account', value: 'e2e_twice', domain: '127.0.0.1', path: '/' }]);
  await openAiChat(page);
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/mcp/oauth/callback')) callbacks.push(request.url());
  });
  const tools = await openTools(page);
  await tools
    .getByRole('listitem', { name: 'Hosted tools' })
    .getByRole('button', { name: 'Connect' })
    .click();
  await page.waitForURL(/\/agents\/mindBox\?mcpOAuth=connected/);
  expect(callbacks).toHaveLength(1);

  // The same answer again: its state is spent.
  await page.goto(callbacks[0]!);
  await page.waitForURL(/\/agents\/mindBox\?mcpOAuth=failed&mcpOAuthError=state$/);
  const alert = page.getByRole('dialog', { name: 'Tools (MCP servers)' }).getByRole('alert');
  await expect(alert).toContainText('Signing in to the server failed');
  await expect(alert).toContainText('This sign-in expired or was already used');
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
      language === 'en' ? 'This sign-in expired or was already used' : '此次登录已过期或已被使用',
    );
    await page.screenshot({ path: `${shots}/spent-${view.name}-${colorScheme}-${language}.png` });
  });
});
