import { describe, expect, it, vi } from 'vitest';
import type { McpInputRequestPayload } from '@confab/protocol/mcp-input';
import { trackCallInput, useInputStore } from '@/features/mcp-tools/stores/input-store';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/realtime/socket-client', () => ({
  getSocket: () => ({
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
  }),
}));

const question = (requestId: string, message: string): McpInputRequestPayload => ({
  mode: 'form',
  callId: 'call-12345678',
  requestId,
  server: 'everything',
  message,
  fields: [],
  expiresAt: Date.now() + 600_000,
});

const shown = () => useInputStore.getState().inputs['model-call-1'];
const emit = (event: string, payload: unknown) => handlers.get(event)!(payload);

describe("a call's questions in its card", () => {
  it('keeps a second question behind the first and a refusal beside it, never dropping either', () => {
    const end = trackCallInput('call-12345678', 'model-call-1');
    emit('mcpInputRequest', question('req-first-1', 'First?'));
    emit('mcpInputRequest', question('req-second-2', 'Second?'));
    expect(shown()?.question?.message).toBe('First?');

    emit('mcpInputEnded', {
      callId: 'call-12345678',
      requestId: 'req-third-3',
      refusal: 'another question of this call is still open',
    });
    expect(shown()).toMatchObject({
      question: { message: 'First?' },
      refusal: 'another question of this call is still open',
    });

    emit('mcpInputEnded', { callId: 'call-12345678', requestId: 'req-first-1' });
    expect(shown()?.question?.message).toBe('Second?');
    emit('mcpInputEnded', { callId: 'call-12345678', requestId: 'req-second-2' });
    expect(shown()).toEqual({ refusal: 'another question of this call is still open' });
    end();
    expect(shown()).toEqual({ refusal: 'another question of this call is still open' });
  });
});
