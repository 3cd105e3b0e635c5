import type { AppSocket } from './realtime-hub';

/**
 * Closes a socket that sends more than `perWindow` events in a `windowMs` window. Each event
 * costs a validation and often a database read; a client this fast is broken or hostile, and a
 * reconnection starts it over under the same limits (and the handshake's checks).
 */
export function limitPacketRate(
  socket: AppSocket,
  { perWindow, windowMs }: { perWindow: number; windowMs: number },
): void {
  let windowStart = Date.now();
  let count = 0;
  socket.use((_packet, next) => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count > perWindow) {
      // Once: the events already queued behind this one are dropped with the socket.
      if (socket.connected) socket.disconnect(true);
      return;
    }
    next();
  });
}
