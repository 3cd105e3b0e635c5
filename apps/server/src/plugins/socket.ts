import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { Server, type ServerOptions } from 'socket.io';
import { socketPath, userRoom, type SocketConnectError } from '@confab/protocol/socket-events';
import { sameHost } from '../lib/same-host';
import { batchFrameWrites } from '../realtime/batched-frame-writes';
import { limitPacketRate } from '../realtime/packet-rate';
import { checkSocketSessions } from '../realtime/session-check';
import {
  sessionRoom,
  type AppSocket,
  type AppSocketServer,
  type RealtimeHub,
} from '../realtime/realtime-hub';
import { sessionCookieName } from './session';

/** Registers one feature's event handlers on an authenticated socket. */
export type SocketHandler = (socket: AppSocket) => void;

export interface SocketPluginOptions {
  /**
   * A cluster adapter, e.g. `createAdapter(redis)` from @socket.io/redis-streams-adapter, so
   * that several nodes share rooms. The in-memory adapter (one node) when absent.
   */
  adapter?: ServerOptions['adapter'];
  /** Every feature's handlers (realtime/handlers.ts), run for each connected socket. */
  handlers: SocketHandler[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one emit point of socket events (see RealtimeHub). */
    realtime: RealtimeHub;
    /** The socket.io server, for features that add rooms (chats) or presence. */
    io: AppSocketServer;
  }
}

/**
 * socket.io on the app's own HTTP server at /socket.io. The handshake must come from the app's
 * own origin and carry a valid session cookie; the socket's user is the session's user, never
 * something the client says. Each socket joins `user:{id}`, so every tab of a user receives
 * that user's events, and `session:{id}`, so signing out closes that session's sockets.
 */
export const socketPlugin = fp<SocketPluginOptions>(
  async (app, options) => {
    const io: AppSocketServer = new Server(app.server, {
      path: socketPath,
      serveClient: false,
      ...(options.adapter && { adapter: options.adapter }),
      // No connection-state recovery: it keeps every event sent to a room for its whole window
      // (a node under load grew past 900 MB in minutes), and a reconnecting client reloads what
      // it shows anyway: its messages, edits and read marks by `sync`, its chats, contacts and
      // presence over REST.
    });

    io.engine.on('connection', batchFrameWrites);

    io.use((socket, next) => {
      const refuse = (code: SocketConnectError['code'], message: string) => {
        const error = new Error(message) as Error & { data: SocketConnectError };
        error.data = { code, message };
        next(error);
      };
      const request = socket.request;
      const origin = request.headers.origin;
      // Cross-site WebSocket hijacking: another site's page must not ride on the cookie.
      if (
        origin &&
        !sameHost(origin, `http://${hostOf(request, app.config.trustProxy !== false)}`)
      ) {
        refuse('FORBIDDEN', 'Cross-site connection refused');
        return;
      }
      const cookieHeader = request.headers.cookie;
      const token = cookieHeader ? app.parseCookie(cookieHeader)[sessionCookieName] : undefined;
      // Read afresh: a socket lives on the session it opens with (see SessionCache).
      app.services.auth.authenticate(token, { fresh: true }).then(
        (session) => {
          if (!session) {
            refuse('UNAUTHENTICATED', 'Sign in to connect: no valid session cookie');
            return;
          }
          // Counted on this node: every socket of a user joins its room here.
          const room = userRoom(session.user.id);
          const open = io.of('/').adapter.rooms.get(room)?.size ?? 0;
          if (open >= app.config.socketsPerUser) {
            refuse(
              'TOO_MANY_SOCKETS',
              `Too many open connections (${app.config.socketsPerUser}); close a tab and retry`,
            );
            return;
          }
          // Joined in the same turn as the count, so handshakes racing each other all count (a
          // socket whose handshake then fails leaves its rooms).
          void socket.join(room);
          socket.data.user = session.user;
          socket.data.sessionId = session.sessionId;
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket handshake failed');
          next(new Error('The server could not check your session; try again'));
        },
      );
    });

    io.on('connection', (socket) => {
      limitPacketRate(socket, {
        perWindow: app.config.socketPacketsPerWindow,
        windowMs: app.config.socketPacketWindowMs,
      });
      void socket.join([userRoom(socket.data.user.id), sessionRoom(socket.data.sessionId)]);
      for (const handler of options.handlers) handler(socket);
    });

    const stopSessionChecks = checkSocketSessions({
      io,
      activeAmong: (ids) => app.services.auth.activeSessionIds(ids),
      intervalMs: app.config.socketSessionCheckMs,
      log: app.log,
    });

    app.services.realtime.attach(io, { alone: !options.adapter });
    app.decorate('realtime', app.services.realtime);
    app.decorate('io', io);

    // Open connections would keep the HTTP server from closing: end them first. Closing the
    // transports (not a socket.io "disconnect") lets clients reconnect on their own, to this
    // server once it is back or to another node.
    app.addHook('preClose', async () => {
      stopSessionChecks();
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      app.services.realtime.detach();
      await io.close();
    });
  },
  { name: 'socket', dependencies: ['session'] },
);

/** The host the client addressed: X-Forwarded-Host behind a trusted proxy, else Host. */
function hostOf(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-host'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (trustProxy && first) || request.headers.host || '';
}
