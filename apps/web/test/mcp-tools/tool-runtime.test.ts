import type { McpCallBody, McpCallReply } from '@confab/protocol/mcp';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalDecision } from '@/features/mcp-tools/lib/approval';
import {
  createToolRuntime,
  readToolArgs,
  type ApprovalRequest,
} from '@/features/mcp-tools/lib/tool-runtime';
import { ApiError } from '@/lib/api-error';
import { echoTool, offer, server, sumTool } from './fixtures';

const echoed: McpCallReply = {
  content: [{ type: 'text', text: 'Echo: hi' }],
  isError: false,
  durationMs: 2,
};

function runtime(options: {
  policy?: 'always ask' | 'ask once per chat' | 'never ask';
  answers?: ApprovalDecision[];
  reply?: (body: McpCallBody) => Promise<McpCallReply>;
}) {
  const asked: ApprovalRequest[] = [];
  const answers = [...(options.answers ?? [])];
  const calls: McpCallBody[] = [];
  const tools = createToolRuntime({
    loadOffer: async () =>
      offer(
        [
          server({ approvalPolicy: options.policy ?? 'always ask' }),
          server({ key: 'off', name: 'Off', active: false, status: 'inactive' }),
        ],
        [echoTool, sumTool, { ...echoTool, server: 'off' }],
      ),
    callTool: async (body) => {
      calls.push(body);
      return (options.reply ?? (async () => echoed))(body);
    },
    askApproval: async (request) => {
      asked.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('asked more often than expected');
      return answer;
    },
    now: () => 0,
  });
  return { tools, asked, calls };
}

describe('tools offered to the model', () => {
  it('offers the active servers’ tools the user left on, named {client}--{tool}', async () => {
    const { tools } = runtime({});
    const offered = await tools.offer({ 'everything.get-sum': false });
    expect(offered).toEqual([
      {
        type: 'function',
        function: {
          name: 'everything--echo',
          description: 'Echoes back the input string',
          parameters: echoTool.inputSchema,
        },
      },
    ]);
  });
});

describe('running a tool call the model asked for', () => {
  it('asks first under "always ask", then calls with the parsed arguments', async () => {
    const { tools, asked, calls } = runtime({ answers: ['allow', 'allow'] });
    await tools.offer({});
    const outcome = await tools.run(
      { id: 'c1', name: 'everything--echo', args: '{"message":"hi"}' },
      'chat-1',
    );
    expect(asked).toEqual([
      {
        chatId: 'chat-1',
        callId: 'c1',
        server: 'everything',
        serverName: 'Everything',
        tool: 'echo',
        args: { message: 'hi' },
      },
    ]);
    expect(calls).toEqual([{ client: 'everything', name: 'echo', args: { message: 'hi' } }]);
    expect(outcome).toMatchObject({ outcome: 'result', result: echoed, output: 'Echo: hi' });
    await tools.run({ id: 'c2', name: 'everything--echo', args: '{"message":"again"}' }, 'chat-1');
    expect(asked).toHaveLength(2);
  });

  it('stops asking for a tool allowed for the chat, in that chat only', async () => {
    const { tools, asked } = runtime({ answers: ['allow-chat', 'allow'] });
    await tools.offer({});
    await tools.run({ id: '1', name: 'everything--echo', args: '{"message":"a"}' }, 'chat-1');
    await tools.run({ id: '2', name: 'everything--echo', args: '{"message":"b"}' }, 'chat-1');
    expect(asked).toHaveLength(1);
    await tools.run({ id: '3', name: 'everything--echo', args: '{"message":"c"}' }, 'chat-2');
    expect(asked).toHaveLength(2);
  });

  it('asks once per chat for such a server, for any of its tools', async () => {
    const { tools, asked } = runtime({ policy: 'ask once per chat', answers: ['allow', 'allow'] });
    await tools.offer({});
    await tools.run({ id: '1', name: 'everything--echo', args: '{"message":"a"}' }, 'chat-1');
    await tools.run({ id: '2', name: 'everything--get-sum', args: '{"a":1,"b":2}' }, 'chat-1');
    expect(asked).toHaveLength(1);
    await tools.run({ id: '3', name: 'everything--echo', args: '{"message":"a"}' }, 'chat-2');
    expect(asked).toHaveLength(2);
  });

  it('never asks under "never ask"', async () => {
    const { tools, asked, calls } = runtime({ policy: 'never ask' });
    await tools.offer({});
    await tools.run(
      { id: '1', name: 'everything--echo', args: { message: 'object args' } },
      'chat-1',
    );
    expect(asked).toHaveLength(0);
    expect(calls[0]?.args).toEqual({ message: 'object args' });
  });

  it('returns a denial to the model as the tool’s error, and asks again next time', async () => {
    const { tools, calls, asked } = runtime({
      policy: 'ask once per chat',
      answers: ['deny', 'allow'],
    });
    await tools.offer({});
    const denied = await tools.run(
      { id: '1', name: 'everything--echo', args: '{"message":"x"}' },
      'chat-1',
    );
    expect(denied).toEqual({
      outcome: 'denied',
      error: 'The user denied this tool call',
      output: 'Error: The user denied this tool call',
      durationMs: 0,
    });
    expect(calls).toHaveLength(0);
    await tools.run({ id: '2', name: 'everything--echo', args: '{"message":"x"}' }, 'chat-1');
    expect(asked).toHaveLength(2);
  });

  it('answers a tool that was not offered, or arguments that are not an object, without calling', async () => {
    const { tools, calls } = runtime({ policy: 'never ask' });
    await tools.offer({ 'everything.get-sum': false });
    for (const name of ['everything--get-sum', 'off--echo', 'echo', 'nope--echo']) {
      const outcome = await tools.run({ id: '1', name, args: '{}' }, 'chat-1');
      expect(outcome).toMatchObject({
        outcome: 'error',
        output: `Error: There is no tool "${name}"`,
      });
    }
    const badJson = await tools.run(
      { id: '2', name: 'everything--echo', args: '{"message":' },
      'chat-1',
    );
    expect(badJson.output).toBe('Error: The arguments are not valid JSON');
    const array = await tools.run({ id: '3', name: 'everything--echo', args: '[1]' }, 'chat-1');
    expect(array.output).toBe('Error: The arguments must be a JSON object');
    expect(calls).toHaveLength(0);
  });

  it('passes a tool’s own error and a failed call on to the model', async () => {
    const { tools } = runtime({
      policy: 'never ask',
      reply: async (body) => {
        if (body.name === 'get-sum') {
          return { content: [{ type: 'text', text: 'boom' }], isError: true, durationMs: 1 };
        }
        throw new ApiError({
          statusCode: 504,
          code: 'TIMEOUT',
          message:
            'Tool "echo" on MCP server "everything": The tool did not answer within 60000 ms',
        });
      },
    });
    await tools.offer({});
    const toolError = await tools.run(
      { id: '1', name: 'everything--get-sum', args: '{"a":1,"b":2}' },
      'c',
    );
    expect(toolError).toMatchObject({ outcome: 'error', output: 'Error: boom' });
    const failed = await tools.run(
      { id: '2', name: 'everything--echo', args: '{"message":"x"}' },
      'c',
    );
    expect(failed).toMatchObject({
      outcome: 'error',
      error: 'Tool "echo" on MCP server "everything": The tool did not answer within 60000 ms',
    });
  });

  it('describes media to the model instead of pasting data', async () => {
    const { tools } = runtime({
      policy: 'never ask',
      reply: async () => ({
        content: [
          { type: 'text', text: 'Here is the image' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'resource', resource: { uri: 'demo://a', text: 'resource text' } },
          {
            type: 'resource',
            resource: { uri: 'demo://b', blob: 'AAAA', mimeType: 'application/gzip' },
          },
        ],
        isError: false,
        durationMs: 1,
      }),
    });
    await tools.offer({});
    const outcome = await tools.run(
      { id: '1', name: 'everything--echo', args: '{"message":"x"}' },
      'c',
    );
    expect(outcome.output).toBe(
      'Here is the image\n[image image/png, 8 B]\nresource text\n[binary resource demo://b (application/gzip)]',
    );
  });

  it('rejects when the user stops the reply, at the approval or during the call', async () => {
    const controller = new AbortController();
    const asked = vi.fn(
      (_request: ApprovalRequest, signal?: AbortSignal) =>
        new Promise<ApprovalDecision>((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new DOMException('stopped', 'AbortError')),
          ),
        ),
    );
    const tools = createToolRuntime({
      loadOffer: async () => offer([server()], [echoTool]),
      callTool: async () => echoed,
      askApproval: asked,
    });
    await tools.offer({});
    const running = tools.run(
      { id: '1', name: 'everything--echo', args: '{"message":"x"}' },
      'c',
      controller.signal,
    );
    controller.abort();
    await expect(running).rejects.toThrow('stopped');
  });
});

describe("the model's arguments", () => {
  it('reads JSON text, objects and empty arguments', () => {
    expect(readToolArgs('')).toEqual({});
    expect(readToolArgs(undefined)).toEqual({});
    expect(readToolArgs('{"a":1}')).toEqual({ a: 1 });
    expect(readToolArgs({ a: 1 })).toEqual({ a: 1 });
    expect(readToolArgs('"text"')).toBe('The arguments must be a JSON object');
    expect(readToolArgs(5)).toBe('The arguments must be a JSON object');
  });
});

describe('questions a server asks during a call', () => {
  it("makes each call with a callId of its own and shows its questions in the model's call until it ends", async () => {
    const tracking: string[] = [];
    const bodies: McpCallBody[] = [];
    let ids = 0;
    const tools = createToolRuntime({
      loadOffer: async () => offer([server({ approvalPolicy: 'never ask' })], [echoTool]),
      callTool: async (body) => {
        bodies.push(body);
        expect(tracking).toEqual([`track ${body.callId} for c1`]);
        return echoed;
      },
      askApproval: async () => 'allow',
      newCallId: () => `call-id-${++ids}-abcdef`,
      trackInput: (callId, modelCallId) => {
        tracking.push(`track ${callId} for ${modelCallId}`);
        return () => tracking.push(`end ${callId}`);
      },
      now: () => 0,
    });
    await tools.offer({});
    await tools.run({ id: 'c1', name: 'everything--echo', args: { message: 'hi' } }, 'chat-1');
    expect(bodies).toEqual([
      { client: 'everything', name: 'echo', args: { message: 'hi' }, callId: 'call-id-1-abcdef' },
    ]);
    expect(tracking).toEqual(['track call-id-1-abcdef for c1', 'end call-id-1-abcdef']);
  });
});
