import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import {
  everythingStdio,
  signInAsAdmin,
  startEverythingHttp,
  writeOperatorFile,
} from '../support/mcp';
import { holdExclusive } from '../support/exclusive';

// One operator file and one admin for the file: the tests change shared server state in turn.
test.describe.configure({ mode: 'serial' });

let remote: { url: string; process: ChildProcess };
let release: () => void = () => {};

test.beforeAll(async () => {
  // Waits while another spec has the operator's file.
  test.setTimeout(9 * 60_000);
  release = await holdExclusive('operator-file');
  writeOperatorFile({ everything: { ...everythingStdio(), name: 'Everything' } });
  remote = await startEverythingHttp();
});

test.afterAll(() => {
  remote.process.kill('SIGKILL');
  writeOperatorFile({});
  release();
});

async function openTools(page: Page) {
  await page.goto('/agents/mindBox');
  await page.getByRole('button', { name: 'Tools' }).click();
  return page.getByRole('dialog', { name: 'Tools (MCP servers)' });
}

test("a user sees the operator's server connected, with its tools and switches", async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const tools = await openTools(page);
  const everything = tools.getByRole('listitem', { name: 'Everything' });
  await expect(everything).toContainText('Connected');
  await expect(everything).toContainText('Approval: Always ask');
  const echo = everything.getByRole('switch', { name: 'Offer echo to the model' });
  await expect(echo).toBeChecked();
  await echo.click();
  await expect(echo).not.toBeChecked();
  await expect(tools.getByRole('button', { name: 'Add a server', exact: true })).toHaveCount(0);
  await expect(tools.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
});

test('an administrator adds a Streamable HTTP server, and is told when a URL does not answer', async ({
  page,
}) => {
  await signInAsAdmin(page.request);
  const tools = await openTools(page);
  await expect(tools.getByRole('listitem', { name: 'Everything' })).toContainText('Connected');

  await tools.getByRole('button', { name: 'Add a server', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add a remote server' });
  await form.getByLabel('Key').fill('dead_end');
  await form.getByLabel('URL').fill('http://127.0.0.1:9/mcp');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form.getByRole('alert')).toContainText('The server was not saved');
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription(
    /^Could not connect to the MCP server: http:\/\/127\.0\.0\.1:9\/mcp: /,
  );

  await form.getByLabel('Key').fill('web_tools');
  await form.getByLabel('Name').fill('Web tools');
  await form.getByLabel('URL').fill(remote.url);
  await form.getByLabel('Approval').selectOption('never ask');
  await form.getByRole('button', { name: 'Add server' }).click();
  // The toast (its text is also in a live region for screen readers).
  await expect(page.getByText('Server Web tools added').first()).toBeVisible();

  const web = tools.getByRole('listitem', { name: 'Web tools' });
  await expect(web).toContainText('Connected');
  await expect(web).toContainText('Approval: Never ask');
  await expect(web.getByRole('switch', { name: 'Offer get-sum to the model' })).toBeChecked();
  await expect(tools.getByRole('listitem', { name: 'dead_end' })).toHaveCount(0);
});

test('an administrator deactivates and activates a server; users then no longer see it', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page.request);
  const tools = await openTools(page);
  const web = tools.getByRole('listitem', { name: 'Web tools' });
  await web.getByRole('button', { name: 'Deactivate' }).click();
  await expect(web).toContainText('Inactive');

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signUpViaApi(userPage.request);
  const userTools = await openTools(userPage);
  await expect(userTools.getByRole('listitem', { name: 'Everything' })).toBeVisible();
  await expect(userTools.getByRole('listitem', { name: 'Web tools' })).toHaveCount(0);
  await userContext.close();

  await web.getByRole('button', { name: 'Activate' }).click();
  await expect(web).toContainText('Connected');

  // Meanwhile, a server is added from elsewhere (another administrator's tab): this page's list
  // does not show it yet, and removing Web tools must not take it away.
  const added = await page.request.post('/api/mcp/addServer', {
    data: {
      key: 'late_tools',
      name: 'Late tools',
      transport: { type: 'streamable-http', url: remote.url },
      approvalPolicy: 'never ask',
    },
  });
  expect(added.status()).toBe(201);

  const remove = async (name: string) => {
    await tools.getByRole('listitem', { name }).getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: `Remove ${name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(tools.getByRole('listitem', { name })).toHaveCount(0);
  };
  await remove('Web tools');
  await expect(tools.getByRole('listitem', { name: 'Late tools' })).toContainText('Connected');
  await remove('Late tools');
});
