import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionUser } from '@confab/protocol/auth';
import { forbidden, unauthenticated } from '../lib/app-error';
import { isApiPath, routedPath } from '../lib/routed-path';

export const sessionCookieName = 'confab_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie; never from the request body. */
    user: SessionUser | null;
    sessionId: string | null;
    loggedInAt: number | null;
  }
  interface FastifyInstance {
    /**
     * `onRequest` hooks (never preHandler): a route that needs a user refuses a visitor before
     * a byte of the body is read, so an anonymous client cannot hold a connection open by
     * sending a body slowly.
     */
    requireUser: onRequestAsyncHookHandler;
    requireAdmin: onRequestAsyncHookHandler;
  }
}

/** Reads the session cookie of every /api request; a forged or expired cookie means signed out. */
export const sessionPlugin = fp(
  (app, _opts, done) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('loggedInAt', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(routedPath(request))) return;
      const token = request.cookies[sessionCookieName];
      if (!token) return;
      const session = await app.services.auth.authenticate(token);
      if (!session) {
        clearSessionCookie(reply, request);
        return;
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.loggedInAt = session.loggedInAt;
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw unauthenticated();
      if (request.user.role !== 'admin') throw forbidden('Only an administrator can do this');
    });
    done();
  },
  { name: 'session' },
);

/** The signed-in user of a route guarded by `app.requireUser` (throws 401 otherwise). */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

// Secure whenever the visitor came over HTTPS (directly, or through a trusted proxy).
const secureFor = (request: FastifyRequest) => request.protocol === 'https';

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  expiresAt: number,
): void {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(request),
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(request),
  });
}
