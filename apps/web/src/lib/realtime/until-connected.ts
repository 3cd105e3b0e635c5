import { getSocket } from './socket-client';

/** How long a read waits for the socket's first answer before it goes ahead without it. */
const longestWaitMs = 1_500;

/**
 * Resolves once the tab's socket is connected, at once when it is not trying to connect, and
 * at the latest after its first failed attempt, `longestWaitMs`, or `signal`'s abort.
 *
 * Why: every (re)connection reloads what the socket keeps current, since events sent before it
 * may be lost. A list read while the socket is still connecting would be read a second time as
 * soon as it connects; read after the connection, it is read once and misses nothing.
 */
export function untilConnected(signal?: AbortSignal): Promise<void> {
  const socket = getSocket();
  if (socket.connected || !socket.active || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('connect', done);
      socket.off('connect_error', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, longestWaitMs);
    socket.on('connect', done);
    socket.on('connect_error', done);
    signal?.addEventListener('abort', done);
  });
}
