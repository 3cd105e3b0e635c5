// @vitest-environment node
import { defaultProviderSettings } from '@confab/protocol/ai-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '@/features/ai-settings/api/connection-test';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { freePort } from '../../../../e2e/support/free-port';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

const openai = (base: string, key = 'sk-test') => ({
  ...defaultProviderSettings('OpenAI'),
  base,
  key,
});

describe('test connection', () => {
  it('lists the models of a server that answers', async () => {
    const result = await testConnection(openai(server.base('openai-text', '/v1')));
    expect(result).toEqual({ ok: true, models: expect.arrayContaining(['gpt-4o', 'gpt-4o-mini']) });
    const ollama = await testConnection({
      ...defaultProviderSettings('Ollama'),
      base: server.base('ollama-text'),
    });
    expect(ollama).toEqual({ ok: true, models: expect.arrayContaining(['qwen2.5:7b']) });
  });

  it("a 401 comes with the provider's own message", async () => {
    const result = await testConnection(
      openai(server.base('x,status:401,message:Incorrect%20API%20key%20provided', '/v1')),
    );
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'status', status: 401, message: 'Incorrect API key provided' },
    });
  });

  it('nothing listening: unreachable, with the address', async () => {
    const port = await freePort();
    const result = await testConnection(openai(`http://127.0.0.1:${port}/v1`));
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'unreachable', where: `http://127.0.0.1:${port}` },
    });
  });
});
