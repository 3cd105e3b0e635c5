import type { FastifyBaseLogger } from 'fastify';
import type { AppSocketServer } from './realtime-hub';

interface SessionCheckOptions {
  io: AppSocketServer;
  /** Which of these sessions still exist and have not expired (the auth service). */
  activeAmong(sessionIds: readonly string[]): Promise<Set<string>>;
  intervalMs: number;
  log: FastifyBaseLogger;
}

/**
 * Every `intervalMs`, closes this node's sockets whose session has ended without a sign-out
 * reaching them: it expired, or its row was deleted by another node or an operator. Signing
 * out, signing in again, a password change and "sign out everywhere" close sockets at once
 * (the auth service); this catches the rest. Returns a function that stops the checks.
 */
export function checkSocketSessions(options: SessionCheckOptions): () => void {
  let running = false;
  const check = async () => {
    // A slow database must not pile checks up behind each other.
    if (running) return;
    running = true;
    try {
      const sockets = [...options.io.of('/').sockets.values()];
      const ids = [...new Set(sockets.map((socket) => socket.data.sessionId))];
      const active = await options.activeAmong(ids);
      for (const socket of sockets) {
        if (!active.has(socket.data.sessionId)) socket.disconnect(true);
      }
    } catch (error) {
      options.log.warn({ err: error }, 'checking the sessions of open sockets failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
