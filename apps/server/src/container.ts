import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import {
  FallbackAttemptLimiter,
  MemoryAttemptLimiter,
  type AttemptLimiter,
} from './lib/attempt-limiter';
import type { RedisHandle } from './lib/redis/connection';
import type { SecretBox } from './lib/secret-box';
import type { Log, WarnLog } from './lib/log';
import { RedisAttemptLimiter } from './lib/redis/attempt-limiter';
import { MemoryDelayLimiter, type DelaySettings } from './lib/progressive-delay';
import { RedisDelayLimiter } from './lib/redis/progressive-delay';
import { HealthRepository } from './repositories/health.repository';
import { ReadinessService } from './services/readiness.service';
import { ChatRepository } from './repositories/chat.repository';
import { FriendRequestRepository } from './repositories/friend-request.repository';
import { SessionRepository } from './repositories/session.repository';
import { groupedSendStore, type SendStore } from './db/write-pipeline/send-store';
import { threadSendStore } from './db/write-pipeline/thread-send-store';
import { transactor } from './db/transaction';
import { UserRepository } from './repositories/user.repository';
import { RealtimeHub } from './realtime/realtime-hub';
import { AuthService } from './services/auth.service';
import { AdminRolesService } from './services/admin-roles.service';
import { SessionCache } from './services/session-cache';
import { ContactsService, type ContactsStore } from './services/contacts.service';
import { McpHost } from './mcp/host';
import { McpServerRepository } from './repositories/mcp-server.repository';
import { McpOAuthRepository } from './repositories/mcp-oauth.repository';
import { McpPersonalRepository } from './repositories/mcp-personal.repository';
import { McpService } from './services/mcp.service';
import { McpInputBroker } from './mcp/input-broker';
import { toErrorReply } from './plugins/errors';
import { MessageRepository } from './repositories/message.repository';
import { tellPairChanges } from './services/pair-changes';
import { ChatsService } from './services/chats.service';
import { MessageNotifications } from './services/message-notifications';
import { MessagesService, type MessagesStore } from './services/messages.service';
import { MessageExtrasService, type MessageExtrasStore } from './services/message-extras.service';
import { ReactionRepository } from './repositories/reaction.repository';
import { HiddenMessageRepository } from './repositories/hidden-message.repository';
import { FileRepository } from './repositories/file.repository';
import { MemoryPresenceStore, type PresenceStore } from './realtime/presence-store';
import { MemoryTypingStore, type TypingStore } from './realtime/typing-store';
import { SharedPresenceStore } from './realtime/shared-presence-store';
import { SharedTypingStore } from './realtime/shared-typing-store';
import { RedisPresence } from './lib/redis/presence-store';
import { RedisTyping } from './lib/redis/typing-store';
import { FilesService } from './services/files.service';
import { LinkPreviewService } from './services/link-preview.service';
import { LinkPreviewRepository } from './repositories/link-preview.repository';
import { PresenceService } from './services/presence.service';
import { ProfileService } from './services/profile.service';
import { TypingService } from './services/typing.service';
import { typingExpiryMs } from '@confab/protocol/social-chat';
import { AiHistoryRepository } from './repositories/ai-history.repository';
import { AiAnswerRelayService } from './services/ai-answer-relay.service';
import { AiConsentService } from './services/ai-consent.service';
import { AiHistoryService } from './services/ai-history.service';
import { AiSettingsSyncRepository } from './repositories/ai-settings-sync.repository';
import { AiSettingsSyncService } from './services/ai-settings-sync.service';
import { PushRepository } from './repositories/push.repository';
import { PushService } from './services/push.service';

/** Repositories and services of one app instance, built once and shared by its routes. */
export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  /** Seals the secrets stored in the database (MCP header values). */
  secrets: SecretBox,
  log: Log = silentLog,
  redis: RedisHandle | null = null,
) {
  const perMinute = (name: string, what: string, max: number) =>
    sharedAttemptLimiter(redis, log, { name, what, max, windowMs: 60_000 });
  const users = new UserRepository(database.db);
  const sessions = new SessionRepository(database.db);
  const realtime = new RealtimeHub();
  const sessionCache = new SessionCache(config.sessionCacheMs);
  realtime.onSessionsEnded((ended) =>
    'sessionId' in ended
      ? sessionCache.forget(ended.sessionId)
      : sessionCache.forgetUser(ended.userId),
  );
  const auth = new AuthService({
    users,
    sessions,
    transact: transactor(database.db, (db) => ({
      users: new UserRepository(db),
      sessions: new SessionRepository(db),
    })),
    loginAttempts: sharedAttemptLimiter(redis, log, {
      name: 'login-failures',
      what: 'sign-in failures',
      max: config.rateLimits.loginFailuresPerAccount,
      windowMs: config.rateLimits.accountLockMinutes * 60_000,
    }),
    loginDelays: sharedDelayLimiter(redis, log, {
      freeFailures: config.rateLimits.loginSlowdownAfterFailures,
      firstDelayMs: config.rateLimits.loginDelayMs,
      maxDelayMs: config.rateLimits.loginMaxDelayMs,
      windowMs: config.rateLimits.accountLockMinutes * 60_000,
    }),
    passwordChangeAttempts: sharedAttemptLimiter(redis, log, {
      name: 'password-change-failures',
      what: 'wrong current passwords',
      max: config.rateLimits.loginFailuresPerAccount,
      windowMs: config.rateLimits.accountLockMinutes * 60_000,
    }),
    sessionTtlMs: config.sessionTtlDays * 24 * 60 * 60 * 1000,
    sockets: realtime,
    cache: sessionCache,
  });
  const admins = new AdminRolesService(users, sessionCache);
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
  const profiles = new ProfileService({
    users,
    changes: perMinute(
      'profile-changes',
      'profile changes',
      config.rateLimits.profileChangesPerUserPerMinute,
    ),
    audience: contactsRepositories.friendRequests,
    realtime,
  });
  const messageRepository = new MessageRepository(database.db);
  const messageNotifications = new MessageNotifications(realtime);
  // Online means an active tab (presence counts every socket; away tabs do not count).
  const presence = new PresenceService({
    store: presenceStore(redis, log),
    audience: contacts,
    lastSeen: users,
    realtime,
  });
  const chats = new ChatsService({
    chats: contactsRepositories.chats,
    messages: messageRepository,
    hiddenMessages: new HiddenMessageRepository(database.db),
    friendRequests: contactsRepositories.friendRequests,
    contacts,
    presence,
    notify: messageNotifications,
  });
  const typing = new TypingService({
    store: typingStore(redis, log),
    chats,
    realtime,
  });
  const aiAnswers = new AiAnswerRelayService({ chats, realtime, idleMs: config.aiAnswerIdleMs });
  const aiConsent = new AiConsentService({
    switches: perMinute(
      'ai-consent',
      'AI switches',
      config.rateLimits.aiConsentChangesPerUserPerMinute,
    ),
    chats,
    chatRows: contactsRepositories.chats,
    relay: aiAnswers,
  });
  tellPairChanges({ contacts, chats, typing, presence, realtime, aiAnswers, log });
  const fileRows = new FileRepository(database.db);
  const files = new FilesService({
    files: fileRows,
    chats,
    uploadsDir: join(config.dataDir, 'uploads'),
    maxBytes: config.uploadMaxBytes,
    quotaBytes: config.uploadQuotaBytes,
    minFreeBytes: config.uploadMinFreeBytes,
    attempts: {
      perUser: perMinute('uploads', 'uploads', config.rateLimits.uploadsPerUserPerMinute),
      perAddress: perMinute(
        'uploads-by-address',
        'uploads by address',
        config.rateLimits.uploadsPerAddressPerMinute,
      ),
    },
    unsentMaxAgeMs: config.uploadUnsentMaxAgeMs,
    sweepIntervalMs: config.uploadSweepIntervalMs,
    log,
  });
  const linkPreviews = new LinkPreviewService({
    ...config.linkPreview,
    previews: new LinkPreviewRepository(database.db),
    fetches: perMinute(
      'link-preview-fetches',
      'link preview fetches',
      config.rateLimits.linkPreviewsPerUserPerMinute,
    ),
    log,
  });
  const messagesStore = (db: DatabaseHandle['db']): MessagesStore => ({
    messages: new MessageRepository(db),
    chats: new ChatRepository(db),
  });
  const sends = sendStore(database, log);
  const messageSends = perMinute(
    'message-sends',
    'message sends',
    config.rateLimits.messagesPerUserPerMinute,
  );
  const extrasStore = (db: DatabaseHandle['db']): MessageExtrasStore => ({
    messages: new MessageRepository(db),
    reactions: new ReactionRepository(db),
    hidden: new HiddenMessageRepository(db),
  });
  const messageExtras = new MessageExtrasService({
    store: extrasStore(database.reads),
    transact: transactor(database.db, extrasStore),
    chats,
    allowance: messageSends,
    notify: messageNotifications,
  });
  const messages = new MessagesService({
    // Everything the service reads outside a transaction (the check before a send, history).
    store: messagesStore(database.reads),
    transact: transactor(database.db, messagesStore),
    sends,
    allowance: messageSends,
    chats,
    attachments: files,
    notify: messageNotifications,
    extras: messageExtras,
  });
  const mcpServers = new McpServerRepository(database.db, secrets);
  const mcpOAuth = new McpOAuthRepository(database.db, secrets);
  const mcpPersonal = new McpPersonalRepository(database.db, secrets);
  const mcpHost = new McpHost({ ...config.mcp, log });
  const mcpInput = new McpInputBroker({ realtime, waitMs: config.mcp.inputWaitMs, log });
  realtime.answerForwardedInput((userId, payload) => {
    if (!mcpInput.holds(payload.requestId)) return null;
    try {
      return { ok: true, data: mcpInput.answer(userId, payload) };
    } catch (error) {
      return { ok: false, error: toErrorReply(error) };
    }
  });
  const mcp = new McpService({
    servers: mcpServers,
    host: mcpHost,
    input: mcpInput,
    configFilePath: join(config.dataDir, 'mcp.json'),
    oauth: mcpOAuth,
    personal: mcpPersonal,
    ...config.mcp,
    log,
  });
  const aiHistory = new AiHistoryService({
    store: new AiHistoryRepository(database.reads, database.engine),
    transact: transactor(database.db, (db) => new AiHistoryRepository(db, database.engine)),
    maxBytes: config.aiHistoryMaxBytes,
    pushes: perMinute(
      'ai-history-pushes',
      'AI history pushes',
      config.rateLimits.aiHistoryPushesPerUserPerMinute,
    ),
    largePushes: perMinute(
      'ai-history-large-pushes',
      'large AI history pushes',
      config.rateLimits.aiHistoryLargePushesPerUserPerMinute,
    ),
    realtime,
  });
  const settingsSyncOf = (db: typeof database.db) => ({
    history: new AiHistoryRepository(db, database.engine),
    settings: new AiSettingsSyncRepository(db),
  });
  const aiSettingsSync = new AiSettingsSyncService({
    store: settingsSyncOf(database.reads),
    transact: transactor(database.db, settingsSyncOf),
    realtime,
  });
  const push = new PushService({
    repository: new PushRepository(database.db),
    secrets,
    // Presence counts every connected tab (the web app never reports one away): one read.
    connectedAmong: (userIds) => presence.onlineAmong(userIds),
    mutedChat: async (chatId, userId) =>
      (await contactsRepositories.chats.findParticipant(chatId, userId))?.muted === 1,
    config: config.push,
    log,
  });
  // What a user is told while no tab of theirs listens reaches their devices by Web Push.
  realtime.observe(push.observe);
  const readiness = new ReadinessService({ health: new HealthRepository(database.db), redis });
  return {
    repositories: {
      users,
      sessions,
      ...contactsRepositories,
      messages: messageRepository,
      files: fileRows,
      mcpServers,
    },
    readiness,
    auth,
    admins,
    // The `friendRequestMessage` socket notice: as many per minute as friend requests.
    friendRequestNotices: perMinute(
      'friend-request-notices',
      'friend request notices',
      config.rateLimits.addContactPerUserPerMinute,
    ),
    realtime,
    contacts,
    chats,
    sends,
    messages,
    messageExtras,
    presence,
    profiles,
    typing,
    aiAnswers,
    aiConsent,
    files,
    linkPreviews,
    mcp,
    mcpInput,
    mcpHost,
    aiHistory,
    aiSettingsSync,
    push,
  };
}

/**
 * Attempts per key in a window (failed sign-ins per account, message sends per user): shared by
 * every node through Redis when it is configured, counted on this node while Redis is away.
 */
function sharedAttemptLimiter(
  redis: RedisHandle | null,
  log: WarnLog,
  limit: { name: string; what: string; max: number; windowMs: number },
): AttemptLimiter {
  return sharedOrLocal(
    redis,
    log,
    limit.what,
    new MemoryAttemptLimiter(limit.max, limit.windowMs),
    (commands, prefix) =>
      new RedisAttemptLimiter(commands, `${prefix}${limit.name}:`, limit.max, limit.windowMs),
  );
}

/** The waits after failed sign-ins on an account (see DelaySettings), shared like the limits. */
function sharedDelayLimiter(
  redis: RedisHandle | null,
  log: WarnLog,
  settings: DelaySettings,
): AttemptLimiter {
  return sharedOrLocal(
    redis,
    log,
    'sign-in delays',
    new MemoryDelayLimiter(settings),
    (commands, prefix) => new RedisDelayLimiter(commands, `${prefix}login-delays:`, settings),
  );
}

function sharedOrLocal(
  redis: RedisHandle | null,
  log: WarnLog,
  what: string,
  local: AttemptLimiter,
  shared: (commands: RedisHandle['commands'], keyPrefix: string) => AttemptLimiter,
): AttemptLimiter {
  if (!redis) return local;
  return new FallbackAttemptLimiter(shared(redis.commands, redis.keyPrefix), local, log, what);
}

/** On SQLite, sends are stored by a thread of their own (see threadSendStore). */
function sendStore(database: DatabaseHandle, log: WarnLog): SendStore {
  const { file, sqlite } = database;
  if (file === undefined || sqlite === undefined) {
    return groupedSendStore(database.db, database.reads);
  }
  return threadSendStore({ ...database, file, sqlite }, (error) =>
    log.warn({ err: error }, 'The thread storing sends failed; the event loop stores them now'),
  );
}

/** Presence shared by every node through Redis when it is configured, else this node's alone. */
function presenceStore(redis: RedisHandle | null, log: Pick<Log, 'info' | 'warn'>): PresenceStore {
  const local = new MemoryPresenceStore();
  if (!redis) return local;
  const shared = new RedisPresence(redis.commands, redis.keyPrefix, randomUUID());
  return new SharedPresenceStore({ local, shared, log });
}

function typingStore(redis: RedisHandle | null, log: WarnLog): TypingStore {
  const local = new MemoryTypingStore(typingExpiryMs);
  if (!redis) return local;
  const shared = new RedisTyping(redis.commands, redis.keyPrefix, typingExpiryMs);
  return new SharedTypingStore({ local, shared, log });
}

const silentLog: Log = { info: () => {}, warn: () => {}, debug: () => {} };

export type Services = ReturnType<typeof createServices>;
