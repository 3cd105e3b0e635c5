import { describe, expect, it } from 'vitest';
import { toolCallCardView } from '@/features/mcp-tools/components/chat-tool-call-card';

const echoed = {
  content: [{ type: 'text' as const, text: 'Echo: hi' }],
  isError: false,
  durationMs: 2,
};

describe("a reply's tool call as a card", () => {
  it('is running, waiting for approval, or stopped while it has no outcome', () => {
    const call = { id: 'c1', name: 'everything--echo', args: '{"message":"hi"}' };
    expect(toolCallCardView(call, true, false)).toMatchObject({
      server: 'everything',
      tool: 'echo',
      args: { message: 'hi' },
      status: 'running',
    });
    expect(toolCallCardView(call, true, true).status).toBe('waiting');
    expect(toolCallCardView(call, false, false).status).toBe('stopped');
    // The server asked the user something during the call.
    expect(toolCallCardView(call, true, false, true).status).toBe('asking');
    expect(toolCallCardView(call, false, false, true).status).toBe('stopped');
  });

  it("shows the tool's reply, its reported error, or why it did not run", () => {
    const base = { id: 'c1', name: 'everything--echo', args: { message: 'hi' } };
    expect(
      toolCallCardView({ ...base, outcome: 'result', result: echoed, durationMs: 5 }, false, false),
    ).toMatchObject({ status: 'done', result: echoed, error: null, durationMs: 5 });
    expect(
      toolCallCardView(
        { ...base, outcome: 'error', result: { ...echoed, isError: true } },
        false,
        false,
      ),
    ).toMatchObject({ status: 'error', error: null });
    expect(
      toolCallCardView(
        { ...base, outcome: 'error', output: 'Error: no', error: 'args.message: must be string' },
        false,
        false,
      ),
    ).toMatchObject({ status: 'error', error: 'args.message: must be string', result: null });
    expect(toolCallCardView({ ...base, outcome: 'denied' }, false, false)).toMatchObject({
      status: 'denied',
      error: null,
    });
  });

  it('keeps arguments that are not a JSON object visible as given', () => {
    expect(
      toolCallCardView({ id: 'c1', name: 'plain', args: 'not json' }, false, false),
    ).toMatchObject({ server: null, tool: 'plain', args: { arguments: 'not json' } });
  });
});
