import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import { addToolServer, startEverythingHttp } from '../support/mcp';
import { startModernHttp } from '../support/modern-mcp';

/**
 * One chat, tools of both MCP protocol eras: a server speaking only the 2026-07-28 revision
 * (stateless, found by `server/discover`) and the 2025-era reference server, both added by an
 * administrator; the model calls one tool of each and its answer quotes both results.
 */
let modern: { url: string; process: ChildProcess };
let legacy: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  [modern, legacy] = await Promise.all([startModernHttp(), startEverythingHttp()]);
  await addToolServer('era_modern', modern.url, 'never ask');
  await addToolServer('era_legacy', legacy.url, 'never ask');
});

test.afterAll(() => {
  modern.process.kill('SIGKILL');
  legacy.process.kill('SIGKILL');
});

/**
 * A new chat offering the modern server's tools and the legacy server's `echo` only: a run keeps
 * more tools active than are offered without the search step, and the two servers together
 * have more than that too.
 */
async function newChatOfferingBothEras(page: Page) {
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await dialog.getByRole('checkbox', { name: 'All tools of the active servers' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'era_modern', exact: true }).check();
  const legacy = dialog.getByRole('listitem').filter({
    has: page.getByRole('checkbox', { name: 'era_legacy', exact: true }),
  });
  await legacy.locator('summary').click();
  await legacy
    .getByRole('list', { name: 'Tools of era_legacy' })
    .getByRole('checkbox', { name: 'echo', exact: true })
    .check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Chat settings saved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

const call = (name: string, args: unknown) =>
  `call:${encodeURIComponent(`${name}:${JSON.stringify(args)}`)}`;

test('a tool of a 2026-07-28 server and one of a 2025-era server answer in one reply', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const tag = `eras-${process.pid}-${Date.now()}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(
      [
        'openai-tools',
        `tag:${tag}`,
        call('era_modern--add', { a: 2, b: 3 }),
        call('era_legacy--echo', { message: 'old' }),
      ].join(','),
      '/v1',
    ),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  await newChatOfferingBothEras(page);
  await send(page, 'Add, then echo');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: 5 | Echo: old',
  );
  const requests = chatRequests(provider, tag);
  const offered = (requests[0]!.body as { tools: Array<{ function: { name: string } }> }).tools;
  expect(offered.map((tool) => tool.function.name).sort()).toEqual(
    ['era_modern--echo', 'era_modern--add', 'era_modern--greet_me', 'era_legacy--echo'].sort(),
  );
  await expect(lastReply(page).getByTestId('tool-call')).toHaveCount(2);
});
