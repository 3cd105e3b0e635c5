import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBodySchema, sessionReplySchema } from '@confab/protocol/auth';
import { setSessionCookie } from '../../../plugins/session';

export const registerRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/_auth/register',
    {
      schema: { body: registerBodySchema, response: { 201: sessionReplySchema } },
      config: {
        rateLimit: { max: app.config.rateLimits.registerPerIpPerHour, timeWindow: '1 hour' },
      },
    },
    async (request, reply) => {
      const session = await app.services.auth.register(
        request.body,
        request.headers['user-agent'] ?? null,
      );
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return reply
        .code(201)
        .send({ user: session.user, loggedInAt: new Date(session.loggedInAt).toISOString() });
    },
  );
};
