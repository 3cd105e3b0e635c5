import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';
import { fakeSocket } from '../helpers/fake-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

describe('socketRequest', () => {
  afterEach(() => {
    fakeSocket.answer('join_chats', undefined);
    fakeSocket.emitted.length = 0;
  });

  it("sends the event with its payload and resolves with the server's acknowledgement", async () => {
    fakeSocket.answer('join_chats', (payload) => ({
      ok: true,
      data: { chatIds: (payload as { chatIds: string[] }).chatIds },
    }));
    const reply = await socketRequest(getSocket(), 'join_chats', { chatIds: ['c-1'] }, 1000);
    expect(fakeSocket.emitted).toEqual([['join_chats', { chatIds: ['c-1'] }]]);
    expect(reply).toEqual({ ok: true, data: { chatIds: ['c-1'] } });
  });

  it('passes a refusal on as it came', async () => {
    const error = { statusCode: 403, code: 'FORBIDDEN', message: 'no' };
    fakeSocket.answer('join_chats', () => ({ ok: false, error }));
    expect(await socketRequest(getSocket(), 'join_chats', { chatIds: ['c-1'] }, 1000)).toEqual({
      ok: false,
      error,
    });
  });

  it('rejects when no acknowledgement comes in time', async () => {
    await expect(
      socketRequest(getSocket(), 'join_chats', { chatIds: ['c-1'] }, 1000),
    ).rejects.toThrow('operation has timed out');
  });
});
