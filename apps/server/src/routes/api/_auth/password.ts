import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBodySchema, changePasswordReplySchema } from '@confab/protocol/auth';
import { setSessionCookie, signedInUser } from '../../../plugins/session';

/** `POST /api/_auth/password` {currentPassword, newPassword}: see AuthService.changePassword. */
export const passwordRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/_auth/password',
    {
      onRequest: app.requireUser,
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordReplySchema } },
      config: {
        rateLimit: {
          max: app.config.rateLimits.passwordChangePerUserPerHour,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request) => `password:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const session = await app.services.auth.changePassword(
        user,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return {
        user: session.user,
        loggedInAt: new Date(session.loggedInAt).toISOString(),
        endedSessions: session.endedSessions,
      };
    },
  );
};
