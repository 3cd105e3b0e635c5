import { join } from 'node:path';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import { MemoryAttemptLimiter } from './lib/attempt-limiter';
import { ChatRepository } from './repositories/chat.repository';
import { FriendRequestRepository } from './repositories/friend-request.repository';
import { SessionRepository } from './repositories/session.repository';
import { transactor } from './repositories/transaction';
import { UserRepository } from './repositories/user.repository';
import { RealtimeHub } from './realtime/realtime-hub';
import { AuthService } from './services/auth.service';
import { ContactsService, type ContactsStore } from './services/contacts.service';
import type { ConnectionLogger } from './mcp/connection';
import { McpHost } from './mcp/host';
import { McpServerRepository } from './repositories/mcp-server.repository';
import { McpService } from './services/mcp.service';

/** Repositories and services of one app instance, built once and shared by its routes. */
export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  log: ConnectionLogger = silentLog,
) {
  const users = new UserRepository(database.db);
  const sessions = new SessionRepository(database.db);
  const auth = new AuthService({
    users,
    sessions,
    transact: transactor(database.db, (db) => ({
      users: new UserRepository(db),
      sessions: new SessionRepository(db),
    })),
    loginAttempts: new MemoryAttemptLimiter(
      config.rateLimits.loginFailuresPerAccount,
      config.rateLimits.accountLockMinutes * 60_000,
    ),
    adminUsernames: config.adminUsernames,
    sessionTtlMs: config.sessionTtlDays * 24 * 60 * 60 * 1000,
  });
  const realtime = new RealtimeHub();
  const contactsStore = (db: DatabaseHandle['db']): ContactsStore => ({
    friendRequests: new FriendRequestRepository(db),
    chats: new ChatRepository(db),
  });
  const contactsRepositories = contactsStore(database.db);
  const contacts = new ContactsService({
    users,
    store: contactsRepositories,
    transact: transactor(database.db, contactsStore),
    realtime,
  });
  const mcpServers = new McpServerRepository(database.db);
  const mcpHost = new McpHost({ ...config.mcp, log });
  const mcp = new McpService({
    servers: mcpServers,
    host: mcpHost,
    configFilePath: join(config.dataDir, 'mcp.json'),
    ...config.mcp,
  });
  return {
    repositories: { users, sessions, ...contactsRepositories, mcpServers },
    auth,
    realtime,
    contacts,
    mcp,
    mcpHost,
  };
}

const silentLog: ConnectionLogger = { info: () => {}, warn: () => {}, debug: () => {} };

export type Services = ReturnType<typeof createServices>;
