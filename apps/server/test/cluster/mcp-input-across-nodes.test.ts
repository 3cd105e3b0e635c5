import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpCallReply } from '@confab/protocol/mcp';
import type { McpInputResponsePayload } from '@confab/protocol/mcp-input';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { everythingStdio, writeMcpFile } from '../helpers/mcp';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;

// The call runs on node B; the user's tab is on node A: the question reaches the tab through the
// adapter, and the answer is handed to node B, which alone holds the question.
describe.skipIf(clusterSkipReason)('input during a tool call across two nodes', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(2, (index) =>
      index === B
        ? { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) }
        : {},
    );
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('a question asked on node B is answered from a tab on node A, by its user only', async () => {
    const alice = await cluster.signUp(A);
    const bob = await cluster.signUp(A);
    const aliceOnA = await alice.tab(A);
    const bobOnA = await bob.tab(A);
    const answer = (tab: typeof aliceOnA, payload: McpInputResponsePayload) =>
      tab.emitWithAck('mcpInputResponse', payload) as Promise<
        SocketAckReply<{ requestId: string }>
      >;

    const callId = randomUUID();
    const calling = alice.request<McpCallReply>(B, 'POST', '/api/mcp/call', {
      client: 'everything',
      name: 'trigger-elicitation-request',
      args: {},
      callId,
    });
    const question = await aliceOnA.next('mcpInputRequest');
    expect(question).toMatchObject({ callId, mode: 'form', server: 'everything' });

    expect(
      await answer(bobOnA, { requestId: question.requestId, action: 'decline' }),
    ).toMatchObject({ ok: false, error: { statusCode: 404 } });
    expect(
      await answer(aliceOnA, { requestId: question.requestId, action: 'accept', content: {} }),
    ).toMatchObject({ ok: false, error: { statusCode: 400, fields: { name: 'is required' } } });
    expect(
      await answer(aliceOnA, {
        requestId: question.requestId,
        action: 'accept',
        content: { name: 'Grace Hopper' },
      }),
    ).toEqual({ ok: true, data: { requestId: question.requestId } });

    const reply = await calling;
    expect(reply.status).toBe(200);
    expect(JSON.stringify(reply.body.content)).toContain('- Name: Grace Hopper');
    expect(await aliceOnA.next('mcpInputEnded')).toEqual({ callId, requestId: question.requestId });
    expect(bobOnA.received.map((entry) => entry.event)).not.toContain('mcpInputRequest');
  });
});
