import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  openProviderSettings,
  send,
  test,
} from '../support/ai-chat';

test('a DeepSeek reply streams its reasoning, then the answer, with tokens and cost', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('deepseek-reasoning,drip:15'),
    key: 'sk-test',
    model: 'deepseek-reasoner',
  });
  await send(page, 'Hello');
  const reply = lastReply(page);
  // While it streams: the reasoning is open and growing, sending is blocked.
  await expect(reply.getByRole('button', { name: 'Thinking…' })).toBeVisible();
  await expect(reply.getByTestId('reasoning')).toContainText('Hmm, the user just said');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeHidden();
  // Done: the answer, the folded reasoning, token counts and cost.
  await expect(reply.getByTestId('reply')).toHaveText('Hello there! 😊 How can I help you today?');
  await expect(reply.getByRole('button', { name: 'Reasoning' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(reply.getByTestId('usage')).toHaveText('6 in · 212 out tokens');
  await expect(reply.getByTestId('cost')).toContainText('0.00341');
  await reply.getByRole('button', { name: 'Reasoning' }).click();
  await expect(reply.getByTestId('reasoning')).toContainText('The message is very brief');
  // The chat is named after the first prompt and survives a reload.
  await expect(page.getByRole('navigation', { name: 'AI chats' })).toContainText('Hello');
  await page.reload();
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'Hello there! 😊 How can I help you today?',
  );
  await expect(page.getByTestId('prompt')).toHaveText('Hello');
});

for (const scenario of ['compat-reasoning-content', 'compat-reasoning']) {
  test(`an OpenAI-compatible server's reasoning is shown as DeepSeek's is (${scenario})`, async ({
    signedIn: page,
    provider,
  }) => {
    // vLLM and LM Studio send `reasoning_content`, OpenRouter `reasoning`; users pick "OpenAI".
    await openAiChat(page);
    await configureProvider(page, {
      provider: 'OpenAI',
      base: provider.base(scenario),
      key: 'sk-test',
      model: 'deepseek-reasoner',
    });
    await send(page, 'How many r in strawberry?');
    const reply = lastReply(page);
    await expect(reply.getByTestId('reply')).toHaveText(
      'The word "strawberry" contains three "r"s.',
    );
    await reply.getByRole('button', { name: 'Reasoning' }).click();
    await expect(reply.getByTestId('reasoning')).toContainText(
      'We need to count the number of the letter "r"',
    );
  });
}

test('stop mid-stream keeps what arrived', async ({ signedIn: page, provider }) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'DeepSeek',
    base: provider.base('deepseek-reasoning,drip:150'),
    key: 'sk-test',
    model: 'deepseek-reasoner',
  });
  await send(page, 'Hello');
  const reasoning = lastReply(page).getByTestId('reasoning');
  await expect(reasoning).toContainText('Hmm, the user');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastReply(page).getByTestId('stopped')).toHaveText('Stopped');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // What arrived is kept, also after a reload.
  await lastReply(page).getByRole('button', { name: 'Reasoning' }).click();
  await expect(lastReply(page).getByTestId('reasoning')).toContainText('Hmm, the user');
  await page.reload();
  await expect(lastReply(page).getByTestId('stopped')).toHaveText('Stopped');
  await lastReply(page).getByRole('button', { name: 'Reasoning' }).click();
  await expect(lastReply(page).getByTestId('reasoning')).toContainText('Hmm, the user');
});

test('an error reply shows the mapped message and the chat goes on', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('x,status:401,body:none', '/v1'),
    key: 'sk-wrong',
    model: 'gpt-4o',
  });
  await send(page, 'Hi');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    'An error occurred: Invalid authentication, please ensure the API key used is correct',
  );
  await expect(page.getByTestId('prompt')).toHaveText('Hi');
  // Fixing the base and regenerating replaces the error with the answer.
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    model: 'gpt-4o',
  });
  await lastReply(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastReply(page).getByTestId('reply')).toContainText('2,869,461');
  await expect(lastReply(page).getByRole('alert')).toBeHidden();
});

test('the chat texts are in Chinese for a Chinese visitor', async ({
  signedIn: page,
  provider,
}) => {
  await page.addInitScript(() => localStorage.setItem('confab:language', 'zh-CN'));
  await page.goto('/agents/mindBox');
  await expect(page.getByPlaceholder('请输入您的问题或消息')).toBeVisible();
  await page.getByRole('button', { name: '模型服务设置' }).first().click();
  const dialog = page.getByRole('dialog', { name: '模型服务设置' });
  await dialog.getByLabel('服务商').selectOption('DeepSeek');
  await dialog.getByLabel('API 地址').fill(provider.base('x,status:500,body:none'));
  await dialog.getByLabel('API 密钥', { exact: true }).fill('sk');
  await dialog.getByLabel('模型', { exact: true }).fill('deepseek-chat');
  await dialog.getByRole('button', { name: '保存设置' }).click();
  await page.keyboard.press('Escape');
  const input = page.getByPlaceholder('请输入您的问题或消息');
  await input.fill('你好');
  await input.press('Enter');
  await expect(lastReply(page).getByRole('alert')).toHaveText(
    '发生错误: The server had an error while processing your request',
  );
});

test('settings persist across a reload, and the model list comes from the provider', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  // The default provider: local Ollama with qwen2.5:7b.
  let dialog = await openProviderSettings(page);
  await expect(dialog.getByLabel('Provider')).toHaveValue('Ollama');
  await expect(dialog.getByLabel('API base')).toHaveValue('http://localhost:11434');
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('qwen2.5:7b');
  await dialog.getByLabel('API base').fill(provider.base('ollama-text'));
  await dialog.getByRole('button', { name: 'Fetch models' }).click();
  await expect(dialog.getByRole('status')).toHaveText('4 models found');
  await dialog.getByLabel('Model', { exact: true }).fill('gemma3:1b');
  await dialog.getByLabel('Model', { exact: false }).first().isVisible();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Settings saved');
  await page.reload();
  dialog = await openProviderSettings(page);
  await expect(dialog.getByLabel('API base')).toHaveValue(provider.base('ollama-text'));
  await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('gemma3:1b');
  await expect(dialog.locator('datalist option')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('model-badge')).toHaveText('Ollama · gemma3:1b');
});

for (const setup of [
  {
    provider: 'OpenAI',
    scenario: 'openai-text',
    suffix: '/v1',
    model: 'gpt-4o',
    text: '2,869,461',
    usage: '87 in · 26 out tokens',
  },
  {
    provider: 'Ollama',
    scenario: 'ollama-text',
    suffix: '',
    model: 'gemma3:1b',
    text: 'Okay, here we go!',
    usage: '16 in · 22 out tokens',
  },
  {
    provider: 'DeepSeek',
    scenario: 'deepseek-reasoning',
    suffix: '',
    model: 'deepseek-chat',
    text: 'How can I help you today?',
    usage: '6 in · 212 out tokens',
  },
] as const) {
  test(`${setup.provider}: a streamed reply through its own wire format`, async ({
    signedIn: page,
    provider,
  }) => {
    await openAiChat(page);
    const tag = `${setup.provider}-${Date.now()}`;
    await configureProvider(page, {
      provider: setup.provider,
      base: provider.base(`${setup.scenario},tag:${tag}`, setup.suffix),
      key: setup.provider === 'Ollama' ? undefined : 'sk-test',
      model: setup.model,
    });
    await send(page, '  Count to five  ');
    await expect(lastReply(page).getByTestId('reply')).toContainText(setup.text);
    await expect(lastReply(page).getByTestId('usage')).toHaveText(setup.usage);
    const sent = chatRequests(provider, tag);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as {
      model: string;
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(body.model).toBe(setup.model);
    // Trimmed on send.
    expect(body.messages.at(-1)).toMatchObject({ role: 'user', content: 'Count to five' });
    expect(sent[0]!.path).toBe(
      setup.provider === 'Ollama' ? '/api/chat' : `${setup.suffix}/chat/completions`,
    );
    expect(sent[0]!.headers.authorization).toBe(
      setup.provider === 'Ollama' ? undefined : 'Bearer sk-test',
    );
  });
}
