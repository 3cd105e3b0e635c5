import type { ChildProcess } from 'node:child_process';
import { request as apiRequest, expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import { inEveryLook } from '../support/looks';
import { signInAsAdmin, startEverythingHttp } from '../support/mcp';

/**
 * A server of the user's own, in Chromium: allowed by an administrator, added through the tool
 * settings, seen by its owner alone, removed.
 */

const shots = '/tmp/shots-mcp-personal';
let remote: { url: string; process: ChildProcess };

async function setPolicy(allowed: boolean) {
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  const response = await admin.post('/api/mcp/personal/policy', { data: { allowed } });
  if (!response.ok()) throw new Error(`policy: ${response.status()} ${await response.text()}`);
  await admin.dispose();
}

test.beforeAll(async () => {
  remote = await startEverythingHttp();
  await setPolicy(true);
});

test.afterAll(async () => {
  remote.process.kill('SIGKILL');
  await setPolicy(false);
});

async function openTools(page: Page) {
  await page.goto('/agents/mindBox');
  await page.getByRole('button', { name: 'Tools' }).click();
  return page.getByRole('dialog', { name: 'Tools (MCP servers)' });
}

test('a user adds a server of their own, which nobody else sees, and removes it', async ({
  page,
  browser,
}) => {
  // Eight looks, each a page load and a screenshot, and a second user.
  test.setTimeout(120_000);
  await signUpViaApi(page.request, 'own');
  let tools = await openTools(page);
  await tools.getByRole('button', { name: 'Add a server of your own' }).click();
  const form = page.getByRole('dialog', { name: 'Add a server of your own' });
  await expect(form.getByLabel('Key')).toHaveValue('my_');
  await form.getByLabel('Key').fill('my_everything');
  await form.getByLabel('Name').fill('My everything');
  await form.getByLabel('URL').fill('http://169.254.169.254/mcp');
  await form.getByRole('button', { name: 'Add server' }).click();
  // The URL guard: readable, on the URL field, nothing saved.
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription(
    /link-local or cloud metadata address/,
  );
  await form.getByLabel('URL').fill(remote.url);
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form).toBeHidden();

  const mine = tools.getByRole('listitem', { name: 'My everything' });
  await expect(mine).toContainText('Connected');
  await expect(mine).toContainText('Yours');
  await expect(mine.getByRole('switch', { name: 'Offer echo to the model' })).toBeVisible();
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await page.getByRole('button', { name: language === 'en' ? 'Tools' : '工具' }).click();
    await expect(page.getByRole('dialog').getByRole('listitem').last()).toBeVisible();
    await page.screenshot({ path: `${shots}/own-${view.name}-${colorScheme}-${language}.png` });
  });
  await page.evaluate(() => localStorage.setItem('confab:language', 'en'));

  // Another user: not listed, not callable.
  const other = await browser.newPage();
  await signUpViaApi(other.request, 'other');
  const theirs = await openTools(other);
  await expect(theirs.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(theirs.getByRole('listitem', { name: 'My everything' })).toHaveCount(0);
  const call = await other.request.post('/api/mcp/call', {
    data: { client: 'my_everything', name: 'echo', args: { message: 'x' } },
  });
  expect(call.status()).toBe(404);
  await other.close();

  tools = await openTools(page);
  await tools
    .getByRole('listitem', { name: 'My everything' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(tools.getByRole('listitem', { name: 'My everything' })).toHaveCount(0);
});
