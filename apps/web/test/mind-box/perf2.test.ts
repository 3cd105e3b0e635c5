// @vitest-environment node
import { it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { startProviderServer } from '../../../../e2e/support/provider-server/server';

it('perf2', async () => {
  const server = await startProviderServer();
  const model = createOpenAI({ baseURL: server.base('synthetic,tokens:20000'), apiKey: 'x' }).chat('gpt-4o');
  for (const raw of [false, true]) {
    const t0 = performance.now();
    const s = streamText({ model, prompt: 'x', includeRawChunks: raw });
    let n = 0;
    for await (const p of s.fullStream) n++;
    console.log('streamText raw', raw, (performance.now() - t0).toFixed(0), n);
  }
  const t0 = performance.now();
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }], includeRawChunks: false } as never);
  const reader = stream.getReader(); let n = 0;
  for (;;) { const { done } = await reader.read(); if (done) break; n++; }
  console.log('doStream', (performance.now() - t0).toFixed(0), n);
  await server.close();
}, 60000);
