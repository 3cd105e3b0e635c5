import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SocketConnectError,
} from '@confab/protocol/socket-events';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
export type Received = { event: EventName; payload: unknown };

/** Listens on a free port and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Records events in order and hands them to `next` callers, one by one. */
function eventLog() {
  const received: Received[] = [];
  const waiting: {
    event: EventName;
    resolve: (payload: unknown) => void;
    reject: (error: Error) => void;
  }[] = [];
  let read = 0;
  function drain() {
    while (waiting.length > 0 && read < received.length) {
      const entry = received[read]!;
      const waiter = waiting[0]!;
      read += 1;
      waiting.shift();
      if (entry.event === waiter.event) waiter.resolve(entry.payload);
      else {
        waiter.reject(
          new Error(
            `expected ${waiter.event}, got ${entry.event}: ${JSON.stringify(entry.payload)}`,
          ),
        );
      }
    }
  }
  return {
    received,
    push(entry: Received) {
      received.push(entry);
      drain();
    },
    next: <E extends EventName>(event: E) =>
      new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
        waiting.push({ event, resolve: resolve as (payload: unknown) => void, reject });
        drain();
      }),
  };
}

/**
 * A real socket.io client, as a browser tab would open one, that records every event it gets.
 * Resolves once connected; rejects with the server's connect_error.
 *
 * `next(event)` reads the recorded events in order, so a test also proves what came before.
 * `presence` events are kept apart (in `presence`, read by `next('presence')`): contacts' tabs
 * announce them whenever they come and go, whatever else a test is looking at.
 */
export function connect(
  url: string,
  headers: Record<string, string> = {},
): Promise<
  ClientSocket & {
    received: Received[];
    presence: Received[];
    next: <E extends EventName>(event: E) => Promise<Parameters<ServerToClientEvents[E]>[0]>;
  }
> {
  const socket = io(url, {
    path: '/socket.io',
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  }) as ClientSocket;
  const events = eventLog();
  const presence = eventLog();
  socket.onAny((event: EventName, payload: unknown) => {
    (event === 'presence' ? presence : events).push({ event, payload });
  });
  const next = <E extends EventName>(event: E) =>
    event === 'presence' ? presence.next(event) : events.next(event);
  return new Promise((resolve, reject) => {
    socket.once('connect', () =>
      resolve(
        Object.assign(socket, { received: events.received, presence: presence.received, next }),
      ),
    );
    socket.once('connect_error', (error: Error & { data?: SocketConnectError }) => {
      socket.close();
      reject(error);
    });
  });
}
