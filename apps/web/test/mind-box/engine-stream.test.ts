// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat, type ChatEvent } from '@/features/mind-box/engine/run-chat';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { chatRequest } from '../helpers/chat-request';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

function run(request: Parameters<typeof runChat>[0], signal = new AbortController().signal) {
  const events: ChatEvent[] = [];
  return runChat(request, { chatId: 'c1', signal, onEvent: (e) => events.push(e) }).then(
    (result) => ({ result, events }),
  );
}

describe('streamed replies from the test provider', () => {
  it('DeepSeek: reasoning first, then content, with token counts', async () => {
    const { result, events } = await run(chatRequest('DeepSeek', server.base('deepseek-reasoning')));
    expect(result.failure).toBeUndefined();
    expect(result.reasoning.startsWith('Hmm,')).toBe(true);
    expect(result.content).toContain('😊');
    expect(result.inputTokens).toBe(6);
    expect(result.outputTokens).toBe(212);
    const firstContent = events.findIndex((e) => e.type === 'content');
    const lastReasoning = events.findLastIndex((e) => e.type === 'reasoning');
    expect(lastReasoning).toBeLessThan(firstContent);
  });
});
