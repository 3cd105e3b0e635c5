import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ErrorReply } from '@confab/protocol/errors';
import {
  clientEventSchemas,
  type AckedClientEvent,
  type ClientEventAckData,
  type ClientToServerEvents,
  type SocketAck,
  type SocketAckReply,
} from '@confab/protocol/socket-events';
import type { SessionUser } from '@confab/protocol/auth';
import { nulCharacterMessage, nulCharacterPath } from '../lib/nul-guard';
import { isLoggedAsFailure, toErrorReply } from '../plugins/errors';
import type { AppSocket } from './realtime-hub';

type ClientEvent = keyof ClientToServerEvents;

/** What an event's acknowledgement carries on success (the protocol's type); void for events without one. */
export type ClientEventResult<E extends ClientEvent> = E extends AckedClientEvent
  ? ClientEventAckData<E>
  : void;

type ClientEventPayload<E extends ClientEvent> = z.output<(typeof clientEventSchemas)[E]>;

/**
 * Listens to one client event: validates the payload with the event's schema, runs `handle`
 * for the socket's session user, and answers through the acknowledgement (when the client gave
 * one) with `{ok: true, data}` or `{ok: false, error}`. A malformed payload or a failing handler
 * never throws out of the listener; a 5xx is logged and its message is never sent.
 */
export function onClientEvent<E extends ClientEvent>(
  socket: AppSocket,
  log: FastifyBaseLogger,
  event: E,
  handle: (payload: ClientEventPayload<E>, user: SessionUser) => Promise<ClientEventResult<E>>,
): void {
  const listener = async (...args: unknown[]) => {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (last as SocketAck<ClientEventResult<E>>) : undefined;
    const reply = (answer: SocketAckReply<ClientEventResult<E>>) => {
      if (ack) ack(answer);
    };
    const nulAt = nulCharacterPath(args[0]);
    if (nulAt) {
      reply({
        ok: false,
        error: {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: `${event}: ${nulAt}: ${nulCharacterMessage}`,
        },
      });
      return;
    }
    const parsed = clientEventSchemas[event].safeParse(args[0]);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const where = issue?.path.join('.');
      const detail = issue?.message ?? 'Invalid payload';
      reply({
        ok: false,
        error: {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: `${event}: ${where ? `${where}: ` : ''}${detail}`,
        },
      });
      return;
    }
    try {
      // Indexing the schema map by a generic event widens the output to a union; it is E's.
      const payload = parsed.data as ClientEventPayload<E>;
      reply({ ok: true, data: await handle(payload, socket.data.user) });
    } catch (error) {
      const body: ErrorReply = toErrorReply(error);
      if (isLoggedAsFailure(body)) log.error({ err: error, event }, 'socket event failed');
      reply({ ok: false, error: body });
    }
  };
  // socket.io types listeners by the event map; the payload is untrusted until parsed above.
  socket.on(event, listener as never);
}
