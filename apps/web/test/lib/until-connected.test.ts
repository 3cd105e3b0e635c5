import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilConnected } from '@/lib/realtime/until-connected';
import { fakeSocket } from '../helpers/fake-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

/** Whether `promise` has settled once the timers have run `ms` further. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

// A read the socket's connection would repeat waits for it: a list read before the connection is
// read again as soon as it connects.
describe('a read waiting for the socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.disconnect();
  });
  afterEach(() => {
    fakeSocket.disconnect();
    vi.useRealTimers();
  });

  it('goes ahead at once when connected, and when the connection fails', async () => {
    fakeSocket.connect();
    expect(await settledAfter(untilConnected(), 0)).toBe(true);
    fakeSocket.disconnect();
    fakeSocket.startConnecting();
    const waiting = untilConnected();
    expect(await settledAfter(waiting, 100)).toBe(false);
    fakeSocket.failToConnect();
    expect(await settledAfter(waiting, 0)).toBe(true);
  });

  it('waits up to 1.5 s for a socket already connecting', async () => {
    fakeSocket.startConnecting();
    const waiting = untilConnected();
    expect(await settledAfter(waiting, 1_400)).toBe(false);
    expect(await settledAfter(waiting, 100)).toBe(true);
  });

  // Over a slow link, or on a busy machine, the socket's library comes seconds after the page's
  // first reads: 1.5 s was too short, and the list was read twice.
  it('waits longer for a socket not started yet, until it connects', async () => {
    const waiting = untilConnected();
    expect(await settledAfter(waiting, 2_500)).toBe(false);
    fakeSocket.connect();
    expect(await settledAfter(waiting, 0)).toBe(true);
  });

  it('gives up on a socket that never starts after 5 s, and on the abort', async () => {
    expect(await settledAfter(untilConnected(), 5_000)).toBe(true);
    const abort = new AbortController();
    const waiting = untilConnected(abort.signal);
    abort.abort();
    expect(await settledAfter(waiting, 0)).toBe(true);
  });
});
