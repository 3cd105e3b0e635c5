import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { MemoryAttemptLimiter } from '../lib/attempt-limiter';
import type { SocketHandler } from '../plugins/socket';
import { onClientEvent } from './client-event';

/**
 * `friendRequestMessage`: the spec's client event that announces a request to its receiver.
 * Rate-limited per user like `contacts/add`, so it cannot be used to flood a receiver.
 */
export function contactsSocketHandlers(app: FastifyInstance): SocketHandler {
  const perMinute = new MemoryAttemptLimiter(
    app.config.rateLimits.addContactPerUserPerMinute,
    60_000,
  );
  return (socket) => {
    onClientEvent(socket, app.log, 'friendRequestMessage', async (payload, user) => {
      const retryAfter = await perMinute.retryAfter(user.id);
      if (retryAfter > 0) {
        throw new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${retryAfter} s`);
      }
      await perMinute.recordFailure(user.id);
      return app.services.contacts.resendRequest(user, payload);
    });
  };
}
