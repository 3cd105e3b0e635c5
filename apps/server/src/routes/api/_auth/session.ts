import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endAllSessionsReplySchema,
  logoutReplySchema,
  sessionReplySchema,
  type SessionReply,
} from '@confab/protocol/auth';
import { clearSessionCookie, sessionCookieName, signedInUser } from '../../../plugins/session';

const signedOut: SessionReply = {};

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/_auth/session',
    { schema: { response: { 200: sessionReplySchema } } },
    (request) => {
      if (!request.user || request.loggedInAt === null) return signedOut;
      return { user: request.user, loggedInAt: new Date(request.loggedInAt).toISOString() };
    },
  );

  app.delete(
    '/api/_auth/session',
    { schema: { response: { 200: logoutReplySchema } } },
    async (request, reply) => {
      // Also closes the sockets this session authorised.
      await app.services.auth.logout(request.cookies[sessionCookieName]);
      clearSessionCookie(reply, request);
      return { ok: true as const };
    },
  );

  // "Sign out everywhere": every session of the user, on every browser and device.
  app.delete(
    '/api/_auth/sessions',
    { onRequest: app.requireUser, schema: { response: { 200: endAllSessionsReplySchema } } },
    async (request, reply) => {
      const user = signedInUser(request);
      // Also closes every socket of the user.
      const endedSessions = await app.services.auth.endAllSessions(user);
      await app.services.push.forgetDevices(user);
      clearSessionCookie(reply, request);
      return { ok: true as const, endedSessions };
    },
  );
};
