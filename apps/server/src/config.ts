import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mcpLimits } from '@confab/protocol/mcp';
import { mcpInputLimits } from '@confab/protocol/mcp-input';
import type { DnsLookup } from './lib/address-guard';
import type { PushConfig } from './services/push.service';
import { uploadLimits } from '@confab/protocol/social-chat';
import { parseSecretKey, secretKeyVariable } from './lib/secret-key';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

export interface RateLimitConfig {
  /** Login attempts per IP address per minute. */
  loginPerIpPerMinute: number;
  /**
   * Failed logins on one account from one client address before that address is locked out
   * of the account for `accountLockMinutes`; other addresses are not locked.
   */
  loginFailuresPerAccount: number;
  accountLockMinutes: number;
  /**
   * Failed logins on one account from every address together after which each further attempt
   * on it waits `loginDelayMs`, doubling up to `loginMaxDelayMs` (forgotten `accountLockMinutes`
   * after the last failure).
   */
  loginSlowdownAfterFailures: number;
  loginDelayMs: number;
  loginMaxDelayMs: number;
  /** Registrations per IP address per hour. */
  registerPerIpPerHour: number;
  /** Friend requests per user per minute (keeps the user list from being enumerated). */
  addContactPerUserPerMinute: number;
  /** Password changes (right or wrong) per user per hour. */
  passwordChangePerUserPerHour: number;
  /** Tool calls per user per minute (each one runs a program or reaches a remote server). */
  toolCallsPerUserPerMinute: number;
  /** Chat messages a user may send per minute, over REST and the socket together. */
  messagesPerUserPerMinute: number;
  /** File uploads per user per minute. */
  uploadsPerUserPerMinute: number;
  /** File uploads per client address per minute, whichever accounts send them. */
  uploadsPerAddressPerMinute: number;
  /** Pushes of AI history per user per minute (a device pushes a long history in batches). */
  aiHistoryPushesPerUserPerMinute: number;
  /**
   * Of those, pushes larger than other bodies may be (prompts' images): each may take up to
   * `limits.aiHistoryPushMaxBytes` to read, so they have an allowance of their own.
   */
  aiHistoryLargePushesPerUserPerMinute: number;
  /** Link previews per user per minute that fetch a page (previews already kept are free). */
  linkPreviewsPerUserPerMinute: number;
  /** Changes of a user's display name or avatar per minute: each is told to every contact. */
  profileChangesPerUserPerMinute: number;
  /** Switches of "AI in this chat": each one is told to the other person's tabs. */
  aiConsentChangesPerUserPerMinute: number;
}

/** Link previews (docs/product.md#link-previews): the server fetches the pages, never the browser. */
export interface LinkPreviewConfig {
  /**
   * Loopback, private and link-local addresses are never fetched, except these the operator
   * allows: `host:port` or a bare address (LINK_PREVIEW_ALLOWED_ADDRESSES, comma-separated).
   */
  allowedAddresses: string[];
  /** Longest a page or image may take, every redirect included. */
  timeoutMs: number;
  /** Most bytes of a page read; the rest is not read. */
  maxHtmlBytes: number;
  /** Largest preview image kept (a thumbnail); a larger one is left out, the text kept. */
  maxImageBytes: number;
  /** How long a preview (or a page that had none) is kept before it is fetched again. */
  cacheTtlMs: number;
  /**
   * Most bytes of images kept across all previews (as stored, base64): a new image that would
   * pass it takes the place of the images of the previews fetched longest ago.
   */
  cacheMaxBytes: number;
  /** Previews fetched at the same moment by this node; one more gets no preview at once. */
  maxConcurrentFetches: number;
  /** Resolves names instead of `dns.lookup` (tests: a resolver that never answers). */
  lookup?: DnsLookup;
}

export interface McpHostConfig {
  /** Longest a tool call may take before it is cancelled. */
  callTimeoutMs: number;
  /** Largest tool result (the JSON of its content); a larger one is refused, never cut. */
  resultMaxBytes: number;
  /** Longest a server may take to start and answer the MCP handshake. */
  connectTimeoutMs: number;
  /** Restart delay after a crash or failed start: doubles from `min` up to `max`. */
  restartDelayMs: { min: number; max: number };
  /**
   * How often a connected remote server with nothing in flight is pinged (0: never): a
   * stateless server keeps no connection whose loss would show that it went away.
   */
  healthCheckMs: number;
  /** How long a question a server asks during a call waits for the user's answer. */
  inputWaitMs: number;
  /** Lets admin-added servers reach link-local and cloud metadata addresses (169.254.0.0/16, ...). */
  allowLinkLocalUrls: boolean;
  /**
   * Lets users' own servers reach loopback and private addresses (MCP_PERSONAL_ALLOW_PRIVATE_URLS),
   * under the admin-added servers' rules instead of public-only. For tests and closed networks.
   */
  allowPrivatePersonalUrls: boolean;
  /** Longest one request to an OAuth authorization server may take (MCP_OAUTH_TIMEOUT_MS). */
  oauthTimeoutMs: number;
  /**
   * Confab's public origin (PUBLIC_URL, as an origin: no path, no trailing slash), which OAuth
   * redirects come back to; unset, OAuth sign-in is refused (request headers are not trusted).
   */
  publicUrl?: string;
}

export interface AppConfig {
  linkPreview: LinkPreviewConfig;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: longest wait for a connection or for one statement's answer; past it the
   * request answers 503 (DATABASE_UNAVAILABLE) and the connection is replaced.
   */
  databaseTimeoutMs: number;
  /** Redis shared by the nodes of a site (socket.io adapter, rate limits); one node without it. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several sites (or test runs) can share a server. */
  redisKeyPrefix: string;
  /**
   * Entries the Redis stream between nodes keeps (about: Redis trims whole blocks). A node that
   * falls further behind than this tells its tabs to catch up.
   */
  redisStreamMaxLen: number;
  logLevel: string;
  /** Folder of the built web app; null serves the API only. */
  webDistDir: string | null;
  /** Whose X-Forwarded-* headers to believe: none, the nearest hops, or the proxies' addresses. */
  trustProxy: TrustProxy;
  sessionTtlDays: number;
  /** How long a session read is reused before the database is asked again (0: never). */
  sessionCacheMs: number;
  rateLimits: RateLimitConfig;
  mcp: McpHostConfig;
  /** Web Push (docs/product.md#web-push). */
  push: PushConfig;
  /** Largest file a user may upload into a chat, in bytes. */
  uploadMaxBytes: number;
  /** Most bytes of files one user may have stored (every chat together). */
  uploadQuotaBytes: number;
  /** Uploads are refused (507) while DATA_DIR has less free space than this. */
  uploadMinFreeBytes: number;
  /** A file no message has carried for this long is removed. */
  uploadUnsentMaxAgeMs: number;
  /** How often each node sweeps the files no message carries. */
  uploadSweepIntervalMs: number;
  /** Most bytes of AI history (chats and messages) one account may keep on the server. */
  aiHistoryMaxBytes: number;
  /** A live answer asked in a chat with nothing new for this long is stopped (docs/product.md#ask-ai-in-chat). */
  aiAnswerIdleMs: number;
  /**
   * Base64 of the 32-byte key that encrypts secrets stored in the database (MCP header
   * values); `DATA_DIR/secret.key` when absent. Every node of a site needs the same one.
   */
  secretKey: string | undefined;
  /** How often open sockets are checked against their sessions (expired or deleted: closed). */
  socketSessionCheckMs: number;
  /** A connection with no byte in either direction for this long is closed. */
  httpIdleTimeoutMs: number;
  /** Longest a JSON body may take to arrive (uploads: only the idle timeout while bytes flow). */
  httpBodyTimeoutMs: number;
  /** Longest any request, an upload included, may take to arrive whole. */
  httpRequestTimeoutMs: number;
  /** Open connections per client address (0: no cap); not applied behind a trusted proxy. */
  connectionsPerAddress: number;
  /** Sockets one user may hold open on a node; the next is refused (TOO_MANY_SOCKETS). */
  socketsPerUser: number;
  /** Events one socket may send per `socketPacketWindowMs`; a socket sending more is closed. */
  socketPacketsPerWindow: number;
  socketPacketWindowMs: number;
}

const mib = 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));
// src/config.ts and dist/main.js both sit two levels below apps/, so this finds apps/web/dist.
const defaultWebDist = resolve(here, '../../web/dist');

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function secretKeyFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[secretKeyVariable];
  if (!raw) return undefined;
  parseSecretKey(raw, secretKeyVariable);
  return raw.trim();
}

/** Like intFrom, for settings where 0 would mean "never" or "nothing" and break the server. */
function positiveIntFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFrom(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be a positive integer, got "0"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: intFrom(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseTimeoutMs: positiveIntFrom(env, 'DATABASE_TIMEOUT_MS', 10_000),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'confab:',
    redisStreamMaxLen: positiveIntFrom(env, 'REDIS_STREAM_MAX_LEN', 10_000),
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: env.WEB_DIST_DIR === '' ? null : resolve(env.WEB_DIST_DIR || defaultWebDist),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionTtlDays: intFrom(env, 'SESSION_TTL_DAYS', 30),
    sessionCacheMs: intFrom(env, 'SESSION_CACHE_MS', 2000),
    rateLimits: {
      loginPerIpPerMinute: intFrom(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 20),
      loginFailuresPerAccount: intFrom(env, 'RATE_LIMIT_LOGIN_FAILURES', 10),
      accountLockMinutes: intFrom(env, 'RATE_LIMIT_LOCK_MINUTES', 15),
      loginSlowdownAfterFailures: intFrom(env, 'RATE_LIMIT_LOGIN_SLOWDOWN_AFTER', 10),
      loginDelayMs: intFrom(env, 'RATE_LIMIT_LOGIN_DELAY_MS', 1_000),
      loginMaxDelayMs: intFrom(env, 'RATE_LIMIT_LOGIN_MAX_DELAY_MS', 30_000),
      registerPerIpPerHour: intFrom(env, 'RATE_LIMIT_REGISTER_PER_HOUR', 20),
      addContactPerUserPerMinute: intFrom(env, 'RATE_LIMIT_ADD_CONTACT_PER_MINUTE', 20),
      passwordChangePerUserPerHour: intFrom(env, 'RATE_LIMIT_PASSWORD_CHANGE_PER_HOUR', 10),
      toolCallsPerUserPerMinute: intFrom(env, 'RATE_LIMIT_TOOL_CALLS_PER_MINUTE', 120),
      messagesPerUserPerMinute: intFrom(env, 'RATE_LIMIT_MESSAGES_PER_MINUTE', 300),
      uploadsPerUserPerMinute: intFrom(env, 'RATE_LIMIT_UPLOADS_PER_MINUTE', 30),
      uploadsPerAddressPerMinute: intFrom(env, 'RATE_LIMIT_UPLOADS_PER_ADDRESS', 60),
      aiHistoryPushesPerUserPerMinute: intFrom(env, 'RATE_LIMIT_AI_HISTORY_PER_MINUTE', 600),
      aiHistoryLargePushesPerUserPerMinute: intFrom(
        env,
        'RATE_LIMIT_AI_HISTORY_LARGE_PER_MINUTE',
        12,
      ),
      linkPreviewsPerUserPerMinute: intFrom(env, 'RATE_LIMIT_LINK_PREVIEWS_PER_MINUTE', 30),
      profileChangesPerUserPerMinute: intFrom(env, 'RATE_LIMIT_PROFILE_CHANGES_PER_MINUTE', 10),
      aiConsentChangesPerUserPerMinute: intFrom(env, 'RATE_LIMIT_AI_CONSENT_PER_MINUTE', 20),
    },
    linkPreview: {
      allowedAddresses: (env.LINK_PREVIEW_ALLOWED_ADDRESSES ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
      timeoutMs: positiveIntFrom(env, 'LINK_PREVIEW_TIMEOUT_MS', 5_000),
      maxHtmlBytes: positiveIntFrom(env, 'LINK_PREVIEW_MAX_HTML_BYTES', 512 * 1024),
      maxImageBytes: positiveIntFrom(env, 'LINK_PREVIEW_MAX_IMAGE_BYTES', 256 * 1024),
      cacheTtlMs: positiveIntFrom(env, 'LINK_PREVIEW_CACHE_TTL_MS', 24 * 60 * 60_000),
      cacheMaxBytes: positiveIntFrom(env, 'LINK_PREVIEW_CACHE_MAX_BYTES', 64 * mib),
      maxConcurrentFetches: positiveIntFrom(env, 'LINK_PREVIEW_MAX_CONCURRENT', 8),
    },
    uploadMaxBytes: intFrom(env, 'UPLOAD_MAX_BYTES', uploadLimits.maxBytes),
    uploadQuotaBytes: intFrom(env, 'UPLOAD_QUOTA_BYTES', 1024 * mib),
    uploadMinFreeBytes: intFrom(env, 'UPLOAD_MIN_FREE_BYTES', 512 * mib),
    uploadUnsentMaxAgeMs: intFrom(env, 'UPLOAD_UNSENT_MAX_AGE_MS', 10 * 60_000),
    uploadSweepIntervalMs: intFrom(env, 'UPLOAD_SWEEP_INTERVAL_MS', 60_000),
    aiHistoryMaxBytes: intFrom(env, 'AI_HISTORY_MAX_BYTES', 256 * mib),
    aiAnswerIdleMs: positiveIntFrom(env, 'AI_ANSWER_IDLE_MS', 5 * 60_000),
    secretKey: secretKeyFrom(env),
    socketSessionCheckMs: positiveIntFrom(env, 'SOCKET_SESSION_CHECK_MS', 60_000),
    // Above socket.io's 25 s ping, which a long-polling client waits for.
    httpIdleTimeoutMs: positiveIntFrom(env, 'HTTP_IDLE_TIMEOUT_MS', 30_000),
    httpBodyTimeoutMs: positiveIntFrom(env, 'HTTP_BODY_TIMEOUT_MS', 30_000),
    httpRequestTimeoutMs: positiveIntFrom(env, 'HTTP_REQUEST_TIMEOUT_MS', 600_000),
    connectionsPerAddress: intFrom(env, 'HTTP_CONNECTIONS_PER_ADDRESS', 128),
    socketsPerUser: positiveIntFrom(env, 'SOCKETS_PER_USER', 20),
    socketPacketsPerWindow: positiveIntFrom(env, 'SOCKET_PACKETS_PER_WINDOW', 100),
    socketPacketWindowMs: positiveIntFrom(env, 'SOCKET_PACKET_WINDOW_MS', 1_000),
    push: {
      subject: env.PUSH_SUBJECT || 'mailto:admin@confab.invalid',
      allowPrivate:
        env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true' || env.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
      // Every real push service is https; plain http only where private endpoints are allowed.
      requireHttps: !(
        env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true' || env.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1'
      ),
      ttlSeconds: positiveIntFrom(env, 'PUSH_TTL_SECONDS', 24 * 60 * 60),
      timeoutMs: positiveIntFrom(env, 'PUSH_TIMEOUT_MS', 10_000),
    },
    mcp: {
      callTimeoutMs: intFrom(env, 'MCP_CALL_TIMEOUT_MS', mcpLimits.callTimeoutMs),
      resultMaxBytes: intFrom(env, 'MCP_RESULT_MAX_BYTES', mcpLimits.resultMaxBytes),
      connectTimeoutMs: intFrom(env, 'MCP_CONNECT_TIMEOUT_MS', 15_000),
      inputWaitMs: intFrom(env, 'MCP_INPUT_WAIT_MS', mcpInputLimits.waitMs),
      restartDelayMs: { min: 1_000, max: 60_000 },
      healthCheckMs: intFrom(env, 'MCP_HEALTH_CHECK_MS', 30_000),
      allowLinkLocalUrls:
        env.MCP_ALLOW_LINK_LOCAL_URLS === 'true' || env.MCP_ALLOW_LINK_LOCAL_URLS === '1',
      allowPrivatePersonalUrls:
        env.MCP_PERSONAL_ALLOW_PRIVATE_URLS === 'true' ||
        env.MCP_PERSONAL_ALLOW_PRIVATE_URLS === '1',
      oauthTimeoutMs: intFrom(env, 'MCP_OAUTH_TIMEOUT_MS', 10_000),
      ...(env.PUBLIC_URL?.trim() && { publicUrl: publicOrigin(env.PUBLIC_URL.trim()) }),
    },
  };
}

/**
 * PUBLIC_URL as an origin (`https://host[:port]`), so paths appended to it are well formed;
 * anything but an http(s) URL stops the start with a clear message.
 */
export function publicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `PUBLIC_URL must be an http(s) URL such as https://confab.example, not "${value}"`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(
      `PUBLIC_URL must be an http(s) URL such as https://confab.example, not "${value}"`,
    );
  }
  return url.origin;
}

/**
 * Settings that are no longer read but still set, for main.ts to log at start.
 * ADMIN_USERNAMES gave the admin role to whoever registered a listed name first.
 */
export function startupWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (env.ADMIN_USERNAMES?.trim()) {
    warnings.push(
      'ADMIN_USERNAMES is ignored: anyone could register a listed name and become an ' +
        'administrator. Give the role to existing accounts with "npm run admin -- grant <username>" ' +
        '(and see "npm run admin -- list"), then remove ADMIN_USERNAMES from the environment.',
    );
  }
  return warnings;
}
