import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpCallReply } from '@confab/protocol/mcp';
import type { McpGetPromptReply } from '@confab/protocol/mcp-prompts';
import type { McpInputResponsePayload } from '@confab/protocol/mcp-input';
import { databaseTargets } from '../helpers/database-targets';
import { mcpSettings, requestAs, writeMcpFile } from '../helpers/mcp';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

type Tab = Awaited<ReturnType<typeof connect>>;

const fixture = (name: string) => join(import.meta.dirname, '../fixtures', name);

// A server asking more than one question at a time: one is shown per call, the others are
// declined at once with a reason, so no question stays hidden holding the call's deadline.
describe.each(databaseTargets)('questions beyond one at a time on $engine', (target) => {
  let t: TestApp;
  let url: string;
  const open: Tab[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      target,
      { mcp: mcpSettings({ callTimeoutMs: 5_000, inputWaitMs: 10_000 }) },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            questioning: {
              command: process.execPath,
              args: [fixture('questioning-mcp-server.mjs')],
            },
            many: { command: process.execPath, args: [fixture('many-questions-mcp-server.mjs')] },
          }),
      },
    );
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t.close();
  });

  async function person() {
    const signed = await signUp(t.app);
    const tab = await connect(url, { cookie: signed.cookie });
    open.push(tab);
    const api = requestAs(t.app, signed.cookie);
    return {
      tab,
      api,
      call: (client: string, name: string, callId: string) =>
        api.post('/api/mcp/call', { client, name, args: {}, callId }),
      answer: (payload: McpInputResponsePayload) => tab.emitWithAck('mcpInputResponse', payload),
    };
  }

  const textOf = (reply: McpCallReply) =>
    reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

  it('declines a second question of a 2025-era call while the first is open, and says why', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('questioning', 'ask_twice', callId);
    const question = await alice.tab.next('mcpInputRequest');
    expect(await alice.tab.next('mcpInputEnded')).toMatchObject({
      callId,
      refusal: 'another question of this call is still open',
    });
    await alice.answer({ requestId: question.requestId, action: 'accept', content: { ok: true } });
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toBe('first: accept, second: decline');
    expect(alice.tab.received.filter((e) => e.event === 'mcpInputRequest')).toHaveLength(1);
  });

  it('asks at most three questions of one 2026-07-28 input_required result, declining the rest', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('many', 'ask_many', callId);
    for (const message of ['Question q1?', 'Question q2?', 'Question q3?']) {
      const question = await alice.tab.next('mcpInputRequest');
      expect(question.message).toBe(message);
      await alice.answer({ requestId: question.requestId, action: 'cancel' });
      expect(await alice.tab.next('mcpInputEnded')).toEqual({
        callId,
        requestId: question.requestId,
      });
    }
    for (let extra = 0; extra < 2; extra += 1) {
      expect(await alice.tab.next('mcpInputEnded')).toMatchObject({
        callId,
        refusal: 'the tool asked more than 3 questions at once',
      });
    }
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toBe(
      'q1: cancel, q2: cancel, q3: cancel, q4: decline, q5: decline',
    );
    expect(alice.tab.received.filter((e) => e.event === 'mcpInputRequest')).toHaveLength(3);
  });

  it("never puts a question asked during another user's prompt to the one user calling a tool", async () => {
    const alice = await person();
    const bob = await person();
    const holding = alice.call('questioning', 'hold', randomUUID());
    const prompt = await bob.api.post('/api/mcp/getPrompt', {
      client: 'questioning',
      name: 'asking',
      args: {},
    });
    expect(prompt.statusCode).toBe(200);
    expect(prompt.json<McpGetPromptReply>().messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'action: cancel' } },
    ]);
    expect((await holding).statusCode).toBe(200);
    expect(alice.tab.received.map((e) => e.event)).not.toContain('mcpInputRequest');
    expect(bob.tab.received.map((e) => e.event)).not.toContain('mcpInputRequest');
  });
});
