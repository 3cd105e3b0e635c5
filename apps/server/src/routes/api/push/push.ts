import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  pushApiPaths,
  pushKeyReplySchema,
  pushOkReplySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '@confab/protocol/push';
import { signedInUser } from '../../../plugins/session';

const refusals = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema };

/**
 * Web Push (docs/product.md#web-push): `GET /api/push/key` the server's VAPID public key;
 * `POST /api/push/subscriptions` this device's subscription (201); `DELETE` it by endpoint.
 * Signed-in users only; a subscription is always the session's user's.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const push = app.services.push;

  app.get(
    pushApiPaths.key,
    { schema: { response: { 200: pushKeyReplySchema, 401: errorReplySchema } } },
    () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    pushApiPaths.subscriptions,
    {
      schema: {
        body: pushSubscriptionBodySchema,
        response: { 201: pushOkReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      await push.subscribe(signedInUser(request), request.body);
      return reply.code(201).send({ ok: true });
    },
  );

  app.delete(
    pushApiPaths.subscriptions,
    {
      schema: {
        body: pushUnsubscribeBodySchema,
        response: { 200: pushOkReplySchema, ...refusals },
      },
    },
    async (request) => {
      await push.unsubscribe(signedInUser(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
};
