// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusMessage, toChatFailure } from '@/features/ai-chat/engine/provider-errors';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { freePort } from '../../../../e2e/support/free-port';
import { chatRequest } from '../helpers/chat-request';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

const failureOf = async (request: Parameters<typeof runChat>[0]) =>
  (
    await runChat(request, {
      chatId: 'c1',
      signal: new AbortController().signal,
      onEvent: () => undefined,
      origin: 'http://127.0.0.1:3000',
    })
  ).failure;

describe('provider status mapping (docs/product.md#provider-errors)', () => {
  it.each([
    [400, 'Bad request'],
    [401, 'Invalid authentication, please ensure the API key used is correct'],
    [403, 'Permission denied, please confirm your authority before try again.'],
    [404, 'The server had an error while processing your request'],
    [409, 'The server had an error while processing your request'],
    [429, 'The server had an error while processing your request'],
    [500, 'The server had an error while processing your request'],
    [503, 'The engine is currently overloaded, please try again later'],
    [418, 'Unknown error'],
  ])('%i without a server message: %s', async (status, message) => {
    expect(statusMessage(status)).toBe(message);
    const failure = await failureOf(
      chatRequest('OpenAI', server.base(`x,status:${status},body:html`), { model: 'gpt-4o' }),
    );
    expect(failure).toEqual({ code: status, message });
  });

  it.each([401, 403, 429, 500, 503])(
    '%i with a server message shows that message',
    async (status) => {
      const failure = await failureOf(
        chatRequest('DeepSeek', server.base(`x,status:${status},message:Quota%20reached`)),
      );
      expect(failure).toEqual({ code: status, message: 'Quota reached' });
    },
  );

  it('404 without a body names the URL', async () => {
    const base = server.base('x,status:404,body:none');
    const failure = await failureOf(chatRequest('OpenAI', base, { model: 'gpt-4o' }));
    expect(failure?.message).toBe(`${base}/chat/completions not found, verify your API base.`);
  });

  it('Ollama errors read "Ollama API error: {status}"', async () => {
    const failure = await failureOf(
      chatRequest('Ollama', server.base('x,status:404,message:model%20not%20found')),
    );
    expect(failure?.message).toBe('Ollama API error: 404 (model not found)');
    const bare = await failureOf(chatRequest('Ollama', server.base('x,status:500,body:none')));
    expect(bare?.message).toBe('Ollama API error: 500');
  });

  it('a web page instead of the API says so', async () => {
    const base = server.base('x,html');
    const failure = await failureOf(chatRequest('OpenAI', base, { model: 'gpt-4o' }));
    expect(failure?.message).toBe(
      `${base}/chat/completions answered with a web page instead of the API's JSON; verify your API base.`,
    );
  });

  it('an unreachable local server is explained, with the OLLAMA_ORIGINS hint', async () => {
    const port = await freePort();
    const failure = await failureOf(chatRequest('Ollama', `http://127.0.0.1:${port}`));
    expect(failure?.message).toContain(`Cannot reach the model server at http://127.0.0.1:${port}`);
    expect(failure?.message).toContain('OLLAMA_ORIGINS=http://127.0.0.1:3000');
  });

  it('an unreachable OpenAI-compatible server on this machine gets no Ollama hint', async () => {
    const port = await freePort();
    const failure = await failureOf(
      chatRequest('OpenAI', `http://127.0.0.1:${port}/v1`, { model: 'gpt-4o' }),
    );
    expect(failure?.message).toBe(
      `Cannot reach http://127.0.0.1:${port}. Check that the server is running there and allows this site (CORS), and the API base in the settings.`,
    );
    expect(failure?.message).not.toContain('Ollama');
  });

  it('an unreachable remote host says to check the base and the network', async () => {
    const failure = await failureOf(
      chatRequest('DeepSeek', 'https://nowhere.invalid', { model: 'deepseek-chat' }),
    );
    expect(failure?.message).toBe(
      'Cannot reach https://nowhere.invalid. Check the API base in the settings and your network connection.',
    );
  });

  it('a base that is not a URL is refused before anything is sent', async () => {
    const before = server.requests.length;
    const failure = await failureOf(chatRequest('OpenAI', 'api.openai.com/v1'));
    expect(failure).toEqual({
      code: 400,
      message:
        'The API base "api.openai.com/v1" is not a URL (example: https://api.openai.com/v1).',
    });
    expect(server.requests.length).toBe(before);
  });

  it('an unknown provider is "Invalid provider"', async () => {
    const request = chatRequest('OpenAI', server.base('openai-text'));
    const failure = await failureOf({
      ...request,
      provider: { ...request.provider, provider: 'Claude' as never },
    });
    expect(failure).toEqual({ code: 400, message: 'Invalid provider' });
  });

  it('anything unknown falls back to code 500 and "Something went wrong"', () => {
    expect(toChatFailure(undefined, { provider: 'OpenAI' })).toEqual({
      code: 500,
      message: 'Something went wrong',
    });
  });
});
