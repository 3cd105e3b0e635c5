// @vitest-environment node
import { it } from 'vitest';
import { runChat } from '@/features/mind-box/engine/run-chat';
import { startProviderServer } from '../../../../e2e/support/provider-server/server';
import { chatRequest } from '../helpers/chat-request';

it('perf', async () => {
  const server = await startProviderServer();
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    let n = 0;
    const r = await runChat(chatRequest('OpenAI', server.base('synthetic,tokens:20000'), { model: 'gpt-4o' }), { chatId: 'c', signal: new AbortController().signal, onEvent: () => n++ });
    console.log('engine', (performance.now() - t0).toFixed(0), 'ms', n, r.content.length, r.failure);
  }
  await server.close();
}, 60000);
