import { freePort } from '../support/free-port';
import {
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  openProviderSettings,
  send,
  test,
} from '../support/ai-chat';

test('a base URL that is not a URL is refused at the field and nothing stored changes', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const good = provider.base('openai-text', '/v1');
  await configureProvider(page, { provider: 'OpenAI', base: good, key: 'sk-1', model: 'gpt-4o' });
  const dialog = await openProviderSettings(page);
  for (const [bad, message] of [
    ['api.openai.com/v1', 'The API base must be a URL, for example https://api.openai.com/v1.'],
    ['ftp://example.com', 'The API base must start with http:// or https://.'],
    ['', 'Enter the API base.'],
  ]) {
    await dialog.getByLabel('API base').fill(bad!);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog.getByText(message!)).toBeVisible();
    await expect(dialog.getByLabel('API base')).toHaveAttribute('aria-invalid', 'true');
  }
  await page.reload();
  const again = await openProviderSettings(page);
  await expect(again.getByLabel('API base')).toHaveValue(good);
  await expect(again.getByLabel(/^API key/)).toHaveValue('sk-1');
});

test('an unreachable local server is explained, with the OLLAMA_ORIGINS hint', async ({
  signedIn: page,
  provider,
  baseURL,
}) => {
  await openAiChat(page);
  const port = await freePort();
  await configureProvider(page, {
    provider: 'Ollama',
    base: `http://127.0.0.1:${port}`,
    model: 'qwen2.5:7b',
  });
  await send(page, 'Hello');
  const alert = lastReply(page).getByRole('alert');
  await expect(alert).toContainText(`Cannot reach the model server at http://127.0.0.1:${port}.`);
  await expect(alert).toContainText(`OLLAMA_ORIGINS=${baseURL}`);
  // A server that answers but does not allow this origin looks the same to the browser.
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base('ollama-text,no-cors'),
    model: 'qwen2.5:7b',
  });
  await send(page, 'Hello again');
  await expect(lastReply(page).getByRole('alert')).toContainText('OLLAMA_ORIGINS=');
});

test('provider error statuses get their messages', async ({ signedIn: page, provider }) => {
  await openAiChat(page);
  for (const [status, message] of [
    [403, 'Permission denied, please confirm your authority before try again.'],
    [429, 'The server had an error while processing your request'],
    [500, 'The server had an error while processing your request'],
    [503, 'The engine is currently overloaded, please try again later'],
  ] as const) {
    await configureProvider(page, {
      provider: 'DeepSeek',
      base: provider.base(`x,status:${status},body:none`),
      key: 'sk',
      model: 'deepseek-chat',
    });
    await send(page, `status ${status}`);
    await expect(lastReply(page).getByRole('alert')).toHaveText(`An error occurred: ${message}`);
  }
  // With a message from the server, that message is shown.
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('x,status:429,message:Rate%20limit%20reached%20for%20requests'),
    key: 'sk',
    model: 'deepseek-chat',
  });
  await send(page, 'again');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    'An error occurred: Rate limit reached for requests',
  );
  // Earlier prompts are all still there.
  await expect(page.getByTestId('prompt')).toHaveCount(5);
});

test('a web page instead of the API, and a 404 without a body', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const html = provider.base('x,html', '/v1');
  await configureProvider(page, { provider: 'OpenAI', base: html, key: 'sk', model: 'gpt-4o' });
  await send(page, 'Hello');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    `An error occurred: ${html}/chat/completions answered with a web page instead of the API's JSON; verify your API base.`,
  );
  const missing = provider.base('x,status:404,body:none', '/v1');
  await configureProvider(page, { provider: 'OpenAI', base: missing, key: 'sk', model: 'gpt-4o' });
  await send(page, 'Hello');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    `An error occurred: ${missing}/chat/completions not found, verify your API base.`,
  );
});

test('a stream cut in the middle keeps what arrived and says what happened', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('deepseek-reasoning,drip:10,cut:60'),
    key: 'sk',
    model: 'deepseek-reasoner',
  });
  await send(page, 'Hello');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    'An error occurred: The connection was cut before the reply was complete.',
  );
  await lastReply(page).getByRole('button', { name: 'Reasoning' }).click();
  await expect(lastReply(page).getByTestId('reasoning')).toContainText('Hmm, the user just said');
});

test('a 2001-character prompt is cut at 2000 with the length message; blank text is not sent', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base('ollama-text'),
    model: 'qwen2.5:7b',
  });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('   \n  ');
  await input.press('Enter');
  await expect(page.getByTestId('prompt')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  await input.fill('x'.repeat(2001));
  await expect(page.getByText('A message cannot be longer than 2000 characters')).toBeVisible();
  await expect(input).toHaveValue('x'.repeat(2000));
  await input.press('Shift+Enter');
  await expect(page.getByTestId('prompt')).toHaveCount(0);
  await input.fill('line one');
  await input.press('Shift+Enter');
  await input.pressSequentially('line two');
  await expect(input).toHaveValue('line one\nline two');
  await input.press('Enter');
  await expect(page.getByTestId('prompt')).toHaveText('line one\nline two');
  await expect(input).toHaveValue('');
});

test('chat settings refuse a temperature out of range and bad max tokens, field by field', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk',
    model: 'gpt-4o',
  });
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await expect(dialog.getByLabel('Temperature')).toHaveValue('1');

  const save = () => dialog.getByRole('button', { name: 'Save', exact: true }).click();
  for (const [value, message] of [
    ['2.5', 'Temperature must be between 0 and 2.'],
    ['-0.1', 'Temperature must be between 0 and 2.'],
    ['warm', 'Enter a number.'],
  ]) {
    await dialog.getByLabel('Temperature').fill(value!);
    await save();
    await expect(dialog.getByText(message!)).toBeVisible();
  }
  await dialog.getByLabel('Temperature').fill('0.4');
  for (const [value, message] of [
    ['0', 'Max tokens must be a whole number above 0.'],
    ['-5', 'Max tokens must be a whole number above 0.'],
    ['4097', 'Max tokens cannot be above 4096 for this model.'],
  ]) {
    await dialog.getByLabel('Max tokens').fill(value!);
    await save();
    await expect(dialog.getByText(message!)).toBeVisible();
    await expect(dialog.getByText('Chat settings saved')).toBeHidden();
  }
  // gpt-4o-mini may write up to 16384 tokens.
  await dialog.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await dialog.getByLabel('Max tokens').fill('16384');
  await dialog.getByLabel('Earlier messages sent as context').fill('-1');
  await save();
  await expect(dialog.getByText('Enter a whole number, 0 or more.')).toBeVisible();
  await dialog.getByLabel('Earlier messages sent as context').fill('3');
  await dialog.getByLabel('System message').fill('Answer in French.');
  await save();
  await expect(dialog.getByText('Chat settings saved')).toBeVisible();
  await page.keyboard.press('Escape');

  const tag = `cs-${Date.now()}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(`openai-text,tag:${tag}`, '/v1'),
    model: 'gpt-4o',
  });
  await send(page, 'Bonjour');
  await expect(lastReply(page).getByTestId('reply')).toContainText('2,869,461');
  const body = provider.requests.find((r) => r.tag === tag)!.body as Record<string, unknown>;
  expect(body).toMatchObject({
    model: 'gpt-4o-mini',
    temperature: 0.4,
    max_tokens: 16384,
    messages: [
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Bonjour' },
    ],
  });
  // The saved settings survive a reload; refused values never replaced them.
  await page.reload();
  await page.getByRole('button', { name: 'Chat settings' }).click();
  await expect(dialog.getByLabel('Temperature')).toHaveValue('0.4');
  await expect(dialog.getByLabel('Max tokens')).toHaveValue('16384');
});

test('an invalid settings file is refused and changes nothing', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const base = provider.base('ollama-text');
  await configureProvider(page, { provider: 'Ollama', base, model: 'gemma3:1b' });
  const dialog = await openProviderSettings(page);
  await dialog.getByLabel('Settings file').setInputFiles({
    name: 'settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"api":{"activeProvider":"Claude"}}'),
  });
  await expect(dialog.getByRole('alert')).toContainText(
    'The file could not be imported: Not a settings file: api.activeProvider',
  );
  await dialog.getByLabel('Settings file').setInputFiles({
    name: 'settings.json',
    mimeType: 'application/json',
    buffer: Buffer.from('not json'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The file could not be imported: The file is not JSON.',
  );
  await page.reload();
  const again = await openProviderSettings(page);
  await expect(again.getByLabel('API base')).toHaveValue(base);
  await expect(again.getByLabel('Model', { exact: true })).toHaveValue('gemma3:1b');
});
