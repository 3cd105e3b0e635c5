import type { FastifyInstance } from 'fastify';
import { takeAttempt } from '../lib/attempt-limiter';
import type { SocketHandler } from '../plugins/socket';
import { onClientEvent } from './client-event';

/**
 * `friendRequestMessage` (docs/product.md#socket-client-events): tells a request's receiver again.
 * Rate-limited per user like `contacts/add` (one allowance for every node of a site), so it
 * cannot be used to flood a receiver; the error ack carries retryAfter.
 */
export function contactsSocketHandlers(app: FastifyInstance): SocketHandler {
  return (socket) => {
    onClientEvent(socket, app.log, 'friendRequestMessage', async (payload, user) => {
      await takeAttempt(app.services.friendRequestNotices, user.id);
      return app.services.contacts.resendRequest(user, payload);
    });
  };
}
