import { getSocket } from './socket-client';

/** How long a read waits for a connecting socket's first answer before it goes ahead. */
const connectingWaitMs = 1_500;
/**
 * How long it waits for a socket not started yet: a signed-in page starts it once the session
 * is read and the socket's library has loaded, which over a slow link (or on a busy machine)
 * comes seconds after the page's first reads. Reading then, the list would be read twice.
 */
const notStartedWaitMs = 5_000;

/**
 * Resolves once the tab's socket is connected, at the latest after its first failed attempt,
 * `connectingWaitMs` (`notStartedWaitMs` for a socket not started yet), or `signal`'s abort.
 *
 * Why: every (re)connection reloads what the socket keeps current, since events sent before it
 * may be lost. A list read while the socket is still connecting would be read a second time as
 * soon as it connects; read after the connection, it is read once and misses nothing. A socket
 * not started yet is waited for too: a signed-in page starts it once the socket library has
 * loaded (`useRealtimeConnection`), which over a slow link comes after the page's first reads.
 */
export function untilConnected(signal?: AbortSignal): Promise<void> {
  const socket = getSocket();
  if (socket.connected || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('connect', done);
      socket.off('connect_error', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, socket.active ? connectingWaitMs : notStartedWaitMs);
    socket.on('connect', done);
    socket.on('connect_error', done);
    signal?.addEventListener('abort', done);
  });
}
