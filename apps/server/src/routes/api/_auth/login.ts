import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, sessionReplySchema } from '@confab/protocol/auth';
import { sessionCookieName, setSessionCookie } from '../../../plugins/session';

export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/_auth/login',
    {
      schema: { body: loginBodySchema, response: { 200: sessionReplySchema } },
      config: {
        rateLimit: { max: app.config.rateLimits.loginPerIpPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const session = await app.services.auth.login(request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        address: request.ip,
      });
      // A new token on every login; the session the browser held before is ended.
      await app.services.auth.logout(request.cookies[sessionCookieName]);
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return { user: session.user, loggedInAt: new Date(session.loggedInAt).toISOString() };
    },
  );
};
