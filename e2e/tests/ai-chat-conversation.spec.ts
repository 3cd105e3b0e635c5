import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';

test('edit a prompt and send it again; earlier context goes with it', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const tag = `edit-${Date.now()}`;
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`ollama-text,tag:${tag}`),
    model: 'gemma3:1b',
  });
  await send(page, 'First question');
  await expect(lastReply(page).getByTestId('reply')).toContainText('Okay, here we go!');
  await send(page, 'Second question');
  await expect(page.getByTestId('reply')).toHaveCount(2);
  await expect(page.getByTestId('usage')).toHaveCount(2);

  // Edit the first prompt: a new branch with its own reply; the old one is under ‹ › (ai-chat-branches.spec.ts).
  await page
    .getByRole('article', { name: 'First question' })
    .getByRole('button', { name: 'Edit prompt' })
    .click();
  const editor = page.getByRole('textbox', { name: 'Edit your prompt' });
  await editor.fill('First question, reworded');
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('prompt')).toHaveText(['First question, reworded']);
  await expect(lastReply(page).getByTestId('usage')).toHaveText('16 in · 22 out tokens');

  const bodies = chatRequests(provider, tag).map(
    (r) => r.body as { messages: Array<{ role: string; content: string }> },
  );
  expect(bodies).toHaveLength(3);
  // The second prompt went with the first exchange as context.
  expect(bodies[1]!.messages.map((m) => m.content)).toEqual([
    'First question',
    'Okay, here we go!\n\n1, 2, 3, 4, 5\n',
    'Second question',
  ]);
  expect(bodies[2]!.messages.map((m) => m.content)).toEqual(['First question, reworded']);

  // After a reload the edited conversation is what remains.
  await page.reload();
  await expect(page.getByTestId('prompt')).toHaveText(['First question, reworded']);
});

test('the inspector shows the request sent and the usage', async ({ signedIn: page, provider }) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('deepseek-reasoning'),
    key: 'sk-test',
    model: 'deepseek-chat',
  });
  await send(page, 'Hello inspector');
  await expect(lastReply(page).getByTestId('usage')).toBeVisible();
  await page.getByRole('button', { name: 'Inspector', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Inspector' });
  const entries = panel.getByRole('listitem');
  await expect(entries.filter({ hasText: 'request' }).first()).toContainText(
    '"model": "deepseek-chat"',
  );
  await expect(entries.filter({ hasText: 'Hello inspector' }).first()).toBeVisible();
  await expect(entries.filter({ has: page.getByText('usage', { exact: true }) })).toContainText(
    'input 6 tokens, output 212 tokens',
  );
});

test('copy puts the reply on the clipboard', async ({ signedIn: page, provider, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base('ollama-text'),
    model: 'gemma3:1b',
  });
  await send(page, 'Copy me');
  await lastReply(page).getByRole('button', { name: 'Copy reply' }).click();
  await expect(lastReply(page).getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Okay, here we go!\n\n1, 2, 3, 4, 5\n',
  );
});

test('the message card, layout and sample data pages render the chat parts alone', async ({
  signedIn: page,
}) => {
  await page.goto('/agents/mindBox/CardItem');
  await expect(page.getByRole('heading', { name: 'Message card' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/agents/mindBox/CardLayout');
  await expect(
    page.getByRole('log', { name: 'Message layout' }).getByRole('separator').first(),
  ).toBeVisible();
  await page.goto('/agents/mindBox/testData');
  await expect(page.getByText('500 sample messages')).toBeVisible();
  // Virtualised: far fewer cards in the page than messages.
  const cards = await page.getByRole('article').count();
  expect(cards).toBeGreaterThan(0);
  expect(cards).toBeLessThan(60);
});
