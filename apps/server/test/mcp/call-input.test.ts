import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpCallReply } from '@confab/protocol/mcp';
import type { McpInputResponsePayload } from '@confab/protocol/mcp-input';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { databaseTargets } from '../helpers/database-targets';
import {
  everythingStdio,
  mcpSettings,
  modernStdio,
  requestAs,
  startEverythingHttp,
  startModernHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

type Tab = Awaited<ReturnType<typeof connect>>;

const askingEntry = join(import.meta.dirname, '../fixtures/asking-mcp-server.mjs');

// Questions a server asks during a call (elicitation / input_required) reach the user whose
// call it is, in the tab that made it, and the call goes on with the answer.
describe.each(databaseTargets)('input during a tool call on $engine', (target) => {
  let t: TestApp;
  let http: RunningServer;
  let modernHttp: RunningServer;
  let url: string;
  const open: Tab[] = [];

  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
    modernHttp = await startModernHttp();
    t = await startTestApp(
      target,
      // A question waits longer than a call may take: the call's deadline stands still meanwhile.
      { mcp: mcpSettings({ callTimeoutMs: 1_000, inputWaitMs: 2_500 }) },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            everything: everythingStdio(),
            remote: { type: 'streamable-http', url: http.url },
            modern: modernStdio(),
            modern_remote: { type: 'streamable-http', url: modernHttp.url },
            asking: { command: process.execPath, args: [askingEntry, 'stdio'] },
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
    await http.close();
    await modernHttp.close();
  });

  async function person() {
    const signed = await signUp(t.app);
    const tab = await connect(url, { cookie: signed.cookie });
    open.push(tab);
    const api = requestAs(t.app, signed.cookie);
    return {
      tab,
      call: (client: string, name: string, args: unknown = {}, callId?: string) =>
        api.post('/api/mcp/call', { client, name, args, ...(callId && { callId }) }),
      answer: (payload: McpInputResponsePayload) =>
        tab.emitWithAck('mcpInputResponse', payload) as Promise<
          SocketAckReply<{ requestId: string }>
        >,
    };
  }

  const textOf = (reply: McpCallReply) =>
    reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

  it('shows a 2025-era form (stdio) to the tab that made the call and gives the tool the answer', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('everything', 'trigger-elicitation-request', {}, callId);

    const question = await alice.tab.next('mcpInputRequest');
    expect(question).toMatchObject({
      mode: 'form',
      callId,
      server: 'everything',
      message: 'Please provide inputs for the following fields:',
    });
    if (question.mode !== 'form') throw new Error('a form was expected');
    const byName = Object.fromEntries(question.fields.map((field) => [field.name, field]));
    expect(byName.name).toMatchObject({ kind: 'text', required: true, title: 'String' });
    expect(byName.email).toMatchObject({ kind: 'text', format: 'email' });
    expect(byName.check).toMatchObject({ kind: 'boolean' });
    expect(byName.integer).toMatchObject({
      kind: 'number',
      integer: true,
      minimum: 1,
      maximum: 100,
    });
    expect(byName.titledSingleSelectEnum).toMatchObject({
      kind: 'choice',
      choices: [
        { value: 'hero-1', label: 'Superman' },
        { value: 'hero-2', label: 'Green Lantern' },
        { value: 'hero-3', label: 'Wonder Woman' },
      ],
    });
    expect(byName.untitledMultipleSelectEnum).toMatchObject({ kind: 'choices', maxItems: 3 });

    expect(
      await alice.answer({
        requestId: question.requestId,
        action: 'accept',
        content: { name: 'Ada Lovelace', check: true, integer: 7, email: 'ada@example.com' },
      }),
    ).toEqual({ ok: true, data: { requestId: question.requestId } });
    expect(await alice.tab.next('mcpInputEnded')).toEqual({
      callId,
      requestId: question.requestId,
    });
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    const text = textOf(reply.json<McpCallReply>());
    expect(text).toContain('- Name: Ada Lovelace');
    expect(text).toContain('- Favorite Integer: 7');
  });

  it('refuses an answer that does not fit the form, keeps the question open, then takes a good one', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('remote', 'trigger-elicitation-request', {}, callId);
    const question = await alice.tab.next('mcpInputRequest');

    const bad = await alice.answer({
      requestId: question.requestId,
      action: 'accept',
      content: { name: '', integer: 1000, email: 'not an address', unasked: 'x' },
    });
    expect(bad).toMatchObject({
      ok: false,
      error: {
        statusCode: 400,
        fields: {
          name: 'is required',
          integer: 'must be at most 100',
          email: 'must be a valid email',
          unasked: 'is not a value this field takes',
        },
      },
    });
    expect(await alice.answer({ requestId: question.requestId, action: 'decline' })).toMatchObject({
      ok: true,
    });
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toContain('User declined');
  });

  it("never shows one user's question to another, nor lets them answer it", async () => {
    const alice = await person();
    const bob = await person();
    const callId = randomUUID();
    const calling = alice.call('everything', 'trigger-elicitation-request', {}, callId);
    const question = await alice.tab.next('mcpInputRequest');

    expect(
      await bob.answer({ requestId: question.requestId, action: 'accept', content: { name: 'x' } }),
    ).toMatchObject({ ok: false, error: { statusCode: 404 } });
    // Bob calls a tool that asks too while Alice's call waits: the 2025-era question names no
    // call and two are in flight on that connection, so it is cancelled rather than guessed.
    const bobReply = await bob.call('everything', 'trigger-elicitation-request', {}, randomUUID());
    expect(bobReply.statusCode).toBe(200);
    expect(textOf(bobReply.json<McpCallReply>())).toContain('User cancelled');

    expect(await alice.answer({ requestId: question.requestId, action: 'decline' })).toMatchObject({
      ok: true,
    });
    expect((await calling).statusCode).toBe(200);
    expect(bob.tab.received.map((entry) => entry.event)).not.toContain('mcpInputRequest');
    expect(alice.tab.received.filter((e) => e.event === 'mcpInputRequest')).toHaveLength(1);
  });

  it('asks through a 2026-07-28 input_required result and retries the call with the answer', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('modern', 'greet_me', {}, callId);
    const question = await alice.tab.next('mcpInputRequest');
    expect(question).toMatchObject({
      mode: 'form',
      callId,
      server: 'modern',
      message: 'What is your name?',
      fields: [{ name: 'name', kind: 'text', title: 'Name', required: true }],
    });
    await alice.answer({
      requestId: question.requestId,
      action: 'accept',
      content: { name: 'Ada' },
    });
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toBe('Hello, Ada!');
  });

  it('puts each 2026-07-28 question to its own caller, even with several calls in flight (HTTP)', async () => {
    const alice = await person();
    const bob = await person();
    const aliceCall = alice.call('modern_remote', 'greet_me', {}, randomUUID());
    const bobCall = bob.call('modern_remote', 'greet_me', {}, randomUUID());
    const [aliceQuestion, bobQuestion] = await Promise.all([
      alice.tab.next('mcpInputRequest'),
      bob.tab.next('mcpInputRequest'),
    ]);
    await bob.answer({
      requestId: bobQuestion.requestId,
      action: 'accept',
      content: { name: 'Bob' },
    });
    await alice.answer({
      requestId: aliceQuestion.requestId,
      action: 'accept',
      content: { name: 'Alice' },
    });
    expect(textOf((await aliceCall).json<McpCallReply>())).toBe('Hello, Alice!');
    expect(textOf((await bobCall).json<McpCallReply>())).toBe('Hello, Bob!');
    for (const tab of [alice.tab, bob.tab]) {
      expect(tab.received.filter((e) => e.event === 'mcpInputRequest')).toHaveLength(1);
    }
  });

  it('shows a link with its host and tells the tool once the user chose to open it', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call(
      'everything',
      'trigger-url-elicitation',
      { url: 'https://auth.example.com/start?flow=1', message: 'Sign in to continue' },
      callId,
    );
    const question = await alice.tab.next('mcpInputRequest');
    expect(question).toMatchObject({
      mode: 'url',
      callId,
      url: 'https://auth.example.com/start?flow=1',
      host: 'auth.example.com',
      message: 'Sign in to continue',
    });
    await alice.answer({ requestId: question.requestId, action: 'accept' });
    const reply = await calling;
    expect(textOf(reply.json<McpCallReply>())).toContain('User completed the URL elicitation');
  });

  it('declines a link that is not http or https without showing it, and says why', async () => {
    const alice = await person();
    const callId = randomUUID();
    const reply = await alice.call(
      'everything',
      'trigger-url-elicitation',
      { url: 'javascript:alert(1)' },
      callId,
    );
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toMatch(/declined/i);
    expect(await alice.tab.next('mcpInputEnded')).toMatchObject({
      callId,
      refusal: 'the link is not http or https',
    });
    expect(alice.tab.received.map((entry) => entry.event)).not.toContain('mcpInputRequest');
  });

  it('declines a form it cannot show (a nested object) without showing it, and says why', async () => {
    const alice = await person();
    const callId = randomUUID();
    const reply = await alice.call('asking', 'ask_nested', {}, callId);
    expect(textOf(reply.json<McpCallReply>())).toBe('action: decline');
    expect(await alice.tab.next('mcpInputEnded')).toMatchObject({
      callId,
      refusal: 'the field "address" is of a kind that cannot be shown',
    });
    expect(alice.tab.received.map((entry) => entry.event)).not.toContain('mcpInputRequest');
  });

  it("cuts a server's very long message", async () => {
    const alice = await person();
    const calling = alice.call('asking', 'ask_long', {}, randomUUID());
    const question = await alice.tab.next('mcpInputRequest');
    expect(question.message).toHaveLength(2000);
    expect(question.message).not.toContain('END');
    await alice.answer({ requestId: question.requestId, action: 'cancel' });
    expect(textOf((await calling).json<McpCallReply>())).toBe('action: cancel');
  });

  it('cancels a question nobody can answer: a call made without a callId', async () => {
    const alice = await person();
    const reply = await alice.call('everything', 'trigger-elicitation-request');
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toContain('User cancelled');
    expect(alice.tab.received.map((entry) => entry.event)).not.toContain('mcpInputRequest');
  });

  it('cancels an unanswered question at its own limit; the call, paused meanwhile, does not time out', async () => {
    const alice = await person();
    const callId = randomUUID();
    const calling = alice.call('everything', 'trigger-elicitation-request', {}, callId);
    const question = await alice.tab.next('mcpInputRequest');
    expect(question.expiresAt).toBeGreaterThan(Date.now() + 1_000);
    // 2.5 s of waiting for the user against a 1 s call limit.
    expect(await alice.tab.next('mcpInputEnded')).toEqual({
      callId,
      requestId: question.requestId,
    });
    const reply = await calling;
    expect(reply.statusCode).toBe(200);
    expect(textOf(reply.json<McpCallReply>())).toContain('User cancelled');
    expect(await alice.answer({ requestId: question.requestId, action: 'decline' })).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
  });
});
