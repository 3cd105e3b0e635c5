import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  presenceParamsSchema,
  presenceReplySchema,
  socialChatFailureTexts,
  socialChatRoutes,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { errorHandler } from '../../../plugins/errors';
import { signedInUser } from '../../../plugins/session';

/** `GET /api/chat-social-msg/presence/{userId}`: a contact's online status and last seen time. */
export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setErrorHandler(errorHandler(() => socialChatFailureTexts.presence));
  app.addHook('onRequest', app.requireUser);
  app.get(
    socialChatRoutes.presence,
    {
      schema: {
        params: presenceParamsSchema,
        response: {
          200: presenceReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request) =>
      ok(await app.services.presence.get(signedInUser(request), request.params.userId)),
  );
};
