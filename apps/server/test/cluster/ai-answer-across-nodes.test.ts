import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths as paths } from '@confab/protocol/social-chat';
import { received } from './chat-traffic';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;

/** Asking AI in a chat whose two people are on different nodes (docs/product.md#ask-ai-in-chat). */
describe.skipIf(clusterSkipReason)('an answer asked in a chat, across two nodes', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('streams from the asker on node A to the other on node B, and stops at once when B switches AI off', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    await a.request(A, 'PUT', `/api${paths.chatAi(chatId)}`, { enabled: true });
    await b.request(B, 'PUT', `/api${paths.chatAi(chatId)}`, { enabled: true });
    const aOnA = await a.tab(A);
    const bOnB = await b.tab(B);
    const emit = (event: string, payload: unknown) =>
      (
        aOnA as unknown as {
          timeout: (ms: number) => {
            emitWithAck: (e: string, p: unknown) => Promise<{ ok: boolean }>;
          };
        }
      )
        .timeout(5_000)
        .emitWithAck(event, payload);

    const answerId = randomUUID();
    const start = { chatId, answerId, model: 'gpt-4o', provider: 'OpenAI', contextCount: 1 };
    expect(await emit('aiAnswerStart', start)).toMatchObject({ ok: true });
    expect(await received(bOnB, 'aiAnswerStarted')).toEqual([
      { ...start, askerId: a.user.id, askerUsername: a.user.username },
    ]);
    expect(await emit('aiAnswerDelta', { answerId, text: 'Half' })).toMatchObject({ ok: true });
    expect(await received(bOnB, 'aiAnswerDelta')).toEqual([{ chatId, answerId, text: 'Half' }]);

    // Bob switches AI off through node B: Alice's tab on node A is told, and refused after.
    await b.request(B, 'PUT', `/api${paths.chatAi(chatId)}`, { enabled: false });
    const stop = { chatId, answerId: null, reason: 'consentOff', byUsername: b.user.username };
    expect(await received(aOnA, 'aiAnswerStopped')).toEqual([stop]);
    expect(await received(bOnB, 'aiAnswerStopped')).toEqual([stop]);
    expect(await emit('aiAnswerDelta', { answerId, text: ' more' })).toMatchObject({ ok: false });
  });
});
