import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import { MemoryAttemptLimiter } from './lib/attempt-limiter';
import { SessionRepository } from './repositories/session.repository';
import { UserRepository } from './repositories/user.repository';
import { AuthService } from './services/auth.service';

/** Repositories and services of one app instance, built once and shared by its routes. */
export function createServices(config: AppConfig, database: DatabaseHandle) {
  const users = new UserRepository(database.db);
  const sessions = new SessionRepository(database.db);
  const auth = new AuthService({
    users,
    sessions,
    loginAttempts: new MemoryAttemptLimiter(
      config.rateLimits.loginFailuresPerAccount,
      config.rateLimits.accountLockMinutes * 60_000,
    ),
    adminUsernames: config.adminUsernames,
    sessionTtlMs: config.sessionTtlDays * 24 * 60 * 60 * 1000,
  });
  return { repositories: { users, sessions }, auth };
}

export type Services = ReturnType<typeof createServices>;
