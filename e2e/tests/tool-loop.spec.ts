import type { ChildProcess } from 'node:child_process';
import { request as apiRequest, type Page } from '@playwright/test';
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
import { signInAsAdmin, startEverythingHttp } from '../support/mcp';
import type { ProviderServer, RecordedRequest } from '../support/provider-server/server';

/**
 * The tool loop end to end: the test provider replays a recorded tool-call stream rewritten to
 * call a tool of the reference MCP server (server-everything over Streamable HTTP, added by an
 * administrator with each approval policy), the app runs it through its server's tool host,
 * and the provider's answer quotes the tool messages it received.
 */

const servers = {
  ask: { key: 'loop_ask', approvalPolicy: 'always ask' },
  never: { key: 'loop_never', approvalPolicy: 'never ask' },
  once: { key: 'loop_once', approvalPolicy: 'ask once per chat' },
} as const;

let everything: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  everything = await startEverythingHttp();
  const admin = await apiRequest.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
  });
  await signInAsAdmin(admin);
  for (const server of Object.values(servers)) {
    const data = {
      key: server.key,
      name: server.key,
      transport: { type: 'streamable-http', url: everything.url },
      approvalPolicy: server.approvalPolicy,
    };
    let saved = await admin.post('/api/mcp/addServer', { data });
    // Added by an earlier worker of this run (a worker restarts after a failure): point it at
    // this worker's MCP server.
    if (saved.status() === 409) saved = await admin.post('/api/mcp/updateServer', { data });
    if (!saved.ok())
      throw new Error(`saving ${server.key}: ${saved.status()} ${await saved.text()}`);
  }
  await admin.dispose();
});

test.afterAll(() => {
  everything.process.kill('SIGKILL');
});

/** `call:` option of the `openai-tools` / `deepseek-tools` scenarios. */
const call = (name: string, args: unknown) =>
  `call:${encodeURIComponent(`${name}:${JSON.stringify(args)}`)}`;

/** The servers whose tools the scripted calls name: the chat offers those. */
const servedBy = (options: string[]) => [
  ...new Set(
    options
      .filter((option) => option.startsWith('call:'))
      .map((option) => decodeURIComponent(option.slice('call:'.length)).split('--')[0]!),
  ),
];

let tags = 0;

/** Points the OpenAI provider at a scripted tool-calling model; returns its requests. */
async function toolModel(
  page: Page,
  provider: ProviderServer,
  options: string[],
  setup: { provider: 'OpenAI' | 'DeepSeek'; model: string } = {
    provider: 'OpenAI',
    model: 'gpt-4o',
  },
) {
  tags += 1;
  const tag = `loop-${process.pid}-${Date.now()}-${tags}`;
  const scenario = setup.provider === 'OpenAI' ? 'openai-tools' : 'deepseek-tools';
  await configureProvider(page, {
    provider: setup.provider,
    base: provider.base(
      [scenario, `tag:${tag}`, ...options].join(','),
      setup.provider === 'OpenAI' ? '/v1' : '',
    ),
    key: 'sk-test',
    model: setup.model,
  });
  await newChatOffering(page, servedBy(options));
  return () => chatRequests(provider, tag);
}

interface SentMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  reasoning_content?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}
const messagesOf = (request: RecordedRequest | undefined) =>
  (request?.body as { messages: SentMessage[] }).messages;
const toolMessages = (request: RecordedRequest | undefined) =>
  messagesOf(request).filter((m) => m.role === 'tool');

const approval = (page: Page) => page.getByRole('dialog', { name: 'Allow this tool call?' });
const toolCards = (page: Page) => lastReply(page).getByTestId('tool-call');

test('allow: the tool runs on the MCP server and the answer uses its result', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call('loop_ask--get-sum', { a: 2, b: 3 })]);
  await send(page, 'What is 2 + 3?');

  // The user is asked, with the tool's name and the model's arguments; the card waits.
  const dialog = approval(page);
  await expect(dialog).toContainText('loop_ask--get-sum');
  await expect(dialog).toContainText('"a": 2');
  await expect(dialog).toContainText('"b": 3');
  await expect(toolCards(page)).toContainText('Waiting for approval');
  await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: The sum of 2 and 3 is 5.',
  );
  // The follow-up carried the tool message with the real result.
  const requests = sent();
  expect(requests).toHaveLength(2);
  const [toolMessage] = toolMessages(requests[1]);
  const assistant = messagesOf(requests[1]).find((m) => m.role === 'assistant');
  expect(assistant?.tool_calls?.[0]?.function).toEqual({
    name: 'loop_ask--get-sum',
    arguments: '{"a":2,"b":3}',
  });
  expect(toolMessage).toEqual({
    role: 'tool',
    tool_call_id: assistant?.tool_calls?.[0]?.id,
    content: 'The sum of 2 and 3 is 5.',
  });
  // Only the tools of the server the chat offers, named {client}--{tool}.
  const offered = (requests[0]!.body as { tools: Array<{ function: { name: string } }> }).tools;
  expect(offered.map((t) => t.function.name)).toContain('loop_ask--echo');
  expect(offered.every((t) => t.function.name.startsWith('loop_ask--'))).toBe(true);

  // The card: name, status and duration; opened, the arguments and the result.
  const card = toolCards(page);
  await expect(card).toHaveCount(1);
  await expect(card.locator('summary')).toContainText('loop_ask--get-sum');
  await expect(card.locator('summary')).toContainText('Done');
  await expect(card.locator('summary')).toContainText(/\d+\.\d\d s/);
  await card.locator('summary').click();
  await expect(card).toContainText('"a": 2');
  await expect(card.getByText('The sum of 2 and 3 is 5.')).toBeVisible();

  // Kept with the message.
  await page.reload();
  await expect(toolCards(page).locator('summary')).toContainText('Done');
  await toolCards(page).locator('summary').click();
  await expect(toolCards(page).getByText('The sum of 2 and 3 is 5.')).toBeVisible();
});

test('"allow for this chat" is not asked again in that chat, and is asked in a new one', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call('loop_ask--echo', { message: 'again' })]);
  await send(page, 'Echo something');
  await approval(page).getByRole('button', { name: 'Allow for this chat' }).click();
  await expect(lastReply(page).getByTestId('reply')).toHaveText('The tools answered: Echo: again');

  await send(page, 'Once more');
  await expect(lastReply(page).getByTestId('reply')).toHaveText('The tools answered: Echo: again');
  await expect(page.getByTestId('reply')).toHaveCount(2);
  await expect(approval(page)).toHaveCount(0);
  expect(sent()).toHaveLength(4);

  await newChatOffering(page, [servers.ask.key]);
  await send(page, 'Echo in a new chat');
  await expect(approval(page)).toBeVisible();
  await approval(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(lastReply(page).getByTestId('reply')).toHaveText('The tools answered: Echo: again');
});

test('"ask once per chat": one question per chat for that server', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  await toolModel(page, provider, [call('loop_once--get-sum', { a: 1, b: 1 })]);
  await send(page, 'One plus one');
  await approval(page).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: The sum of 1 and 1 is 2.',
  );
  await send(page, 'And again');
  await expect(page.getByTestId('reply')).toHaveCount(2);
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: The sum of 1 and 1 is 2.',
  );
  await expect(approval(page)).toHaveCount(0);
});

test('deny: the model receives the denial as the tool error and answers', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call('loop_ask--echo', { message: 'secret' })]);
  await send(page, 'Echo secret');
  await approval(page).getByRole('button', { name: 'Deny' }).click();
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: Error: The user denied this tool call',
  );
  expect(toolMessages(sent()[1])).toEqual([
    expect.objectContaining({ content: 'Error: The user denied this tool call' }),
  ]);
  const card = toolCards(page);
  await expect(card.locator('summary')).toContainText('Denied');
  await card.locator('summary').click();
  await expect(card).toContainText('"message": "secret"');
  await expect(card).not.toContainText('Echo: secret');
});

test('two tool calls in one reply, with "never ask"', async ({ signedIn: page, provider }) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [
    call('loop_never--get-sum', { a: 40, b: 2 }),
    call('loop_never--echo', { message: 'both ran' }),
  ]);
  await send(page, 'Two things at once');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: The sum of 40 and 2 is 42. | Echo: both ran',
  );
  await expect(approval(page)).toHaveCount(0);
  const cards = toolCards(page);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).locator('summary')).toContainText('loop_never--get-sum');
  await expect(cards.nth(1).locator('summary')).toContainText('loop_never--echo');
  for (const card of await cards.all()) await expect(card.locator('summary')).toContainText('Done');
  const requests = sent();
  expect(requests).toHaveLength(2);
  const ids = messagesOf(requests[1])
    .find((m) => m.role === 'assistant')
    ?.tool_calls?.map((c) => c.id);
  expect(toolMessages(requests[1]).map((m) => [m.tool_call_id, m.content])).toEqual([
    [ids?.[0], 'The sum of 40 and 2 is 42.'],
    [ids?.[1], 'Echo: both ran'],
  ]);
});

test('a tool that reports an error shows an error card, and the model reads the error', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [
    call('loop_never--get-resource-reference', { resourceType: 'Text', resourceId: 0 }),
  ]);
  await send(page, 'Fetch resource 0');
  await expect(lastReply(page).getByTestId('reply')).toContainText('The tools answered: Error: ');
  const card = toolCards(page);
  await expect(card.locator('summary')).toContainText('Failed');
  await card.locator('summary').click();
  await expect(card).toContainText('The tool reported an error');
  await expect(card).toContainText('Invalid resourceId: 0');
  const [toolMessage] = toolMessages(sent()[1]);
  expect(toolMessage?.content).toMatch(/^Error: .*Invalid resourceId: 0/);
});

test('arguments that fail the tool schema: an error card naming the field, told to the model', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [
    call('loop_never--get-resource-reference', { resourceType: 'text', resourceId: 1 }),
  ]);
  await send(page, 'Fetch resource 1');
  const card = toolCards(page);
  await expect(card.locator('summary')).toContainText('Failed');
  await card.locator('summary').click();
  await expect(card).toContainText('args.resourceType: must be equal to one of the allowed values');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: Error: args.resourceType: must be equal to one of the allowed values',
  );
  expect(sent()).toHaveLength(2);
});

test('the loop cap stops a model that keeps calling tools after 10 rounds', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [
    call('loop_never--echo', { message: 'round' }),
    'rounds:1000',
  ]);
  await send(page, 'Keep going');
  // Ten model requests and ten tool calls in a row: on a busy machine this takes longer than
  // the usual wait for one thing to appear.
  await expect(lastReply(page).getByTestId('tool-rounds-capped')).toHaveText(
    'Stopped after 10 tool rounds',
    { timeout: 30_000 },
  );
  await expect(toolCards(page)).toHaveCount(10);
  // Ten rounds of tools, each answered; the eleventh request's calls are not run.
  expect(sent()).toHaveLength(11);
  expect(toolMessages(sent()[10])).toHaveLength(10);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('stop during a tool round ends the reply; the call shows as stopped', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [
    call('loop_never--trigger-long-running-operation', { duration: 30, steps: 30 }),
  ]);
  await send(page, 'Something slow');
  await expect(toolCards(page).locator('summary')).toContainText('Running');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastReply(page).getByTestId('stopped')).toHaveText('Stopped');
  await expect(toolCards(page).locator('summary')).toContainText('Stopped');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  expect(sent()).toHaveLength(1);
  await page.reload();
  await expect(toolCards(page).locator('summary')).toContainText('Stopped');
});

test('closing the approval prompt denies the call; the reply goes on', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call('loop_ask--echo', { message: 'x' })]);
  await send(page, 'Echo x');
  await expect(approval(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lastReply(page).getByTestId('reply')).toHaveText(
    'The tools answered: Error: The user denied this tool call',
  );
  expect(sent()).toHaveLength(2);
});

test('DeepSeek: reasoning_content goes back on the assistant message that called tools', async ({
  signedIn: page,
  provider,
}) => {
  await openAiChat(page);
  const sent = await toolModel(page, provider, [call('loop_never--echo', { message: 'deep' })], {
    provider: 'DeepSeek',
    model: 'deepseek-chat',
  });
  await send(page, 'Think, then echo');
  await expect(lastReply(page).getByTestId('reply')).toHaveText('The tools answered: Echo: deep');
  const requests = sent();
  expect(requests).toHaveLength(2);
  const assistant = messagesOf(requests[1]).find((m) => m.role === 'assistant');
  expect(assistant?.tool_calls?.[0]?.function.name).toBe('loop_never--echo');
  expect(assistant?.reasoning_content).toBe(
    'The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".',
  );
});
