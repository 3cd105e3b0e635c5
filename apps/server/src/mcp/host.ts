import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpTransport } from '@confab/protocol/mcp';
import { McpConnection, McpUnavailableError, type ConnectionLogger } from './connection';
import { withGlobalResponses } from './oauth-flow';
import { createGuardedFetch } from './url-guard';
import { personalConnectRules } from './personal-url-guard';

export interface McpHostOptions {
  connectTimeoutMs: number;
  restartDelayMs: { min: number; max: number };
  /** See McpConnectionOptions. */
  healthCheckMs?: number;
  allowLinkLocalUrls: boolean;
  /** Users' own servers get the admin-added servers' rules instead of public-only (tests). */
  allowPrivatePersonalUrls?: boolean;
  log: ConnectionLogger;
  /** A user's own connection unused this long is closed (it opens again when needed). */
  userIdleMs?: number;
}

/**
 * Which addresses a server's HTTP requests may reach: any (the operator's file), any but
 * link-local and cloud metadata (added by an administrator), the public internet only (a
 * user's own).
 */
export type UrlGuardLevel = 'none' | 'admin' | 'public';

/** A server the host should keep connected. */
export interface WantedServer {
  key: string;
  transport: McpTransport;
  /** Which addresses its remote connections (each redirect hop too) may reach. */
  guard: UrlGuardLevel;
  /** Each user signs in (OAuth): one connection per user, opened when they use it. */
  perUser?: boolean;
  /** A user's own server: not in the shared set, so `reconcile` leaves its connections be. */
  personal?: boolean;
}

interface UserEntry extends Entry {
  key: string;
  lastUsed: number;
  personal: boolean;
}

const userEntryKey = (key: string, userId: string) => `${key}\u0000${userId}`;
const defaultUserIdleMs = 10 * 60_000;

interface Entry {
  fingerprint: string;
  connection: McpConnection;
}

// A transport's settings as text, once per settings object: a tool call compares them on every
// call (the operator's file hands out the same object each time; a database read, a new one).
const transportTexts = new WeakMap<McpTransport, string>();

function fingerprintOf(server: WantedServer): string {
  let text = transportTexts.get(server.transport);
  if (text === undefined) {
    text = JSON.stringify(server.transport);
    transportTexts.set(server.transport, text);
  }
  return `${server.guard} ${text}`;
}

/**
 * The live connections of this node, one per active server. `reconcile` makes them match the
 * wanted set (started on activation, replaced when settings change, closed on deactivation);
 * `close` ends them all when the app closes.
 */
export class McpHost {
  private readonly entries = new Map<string, Entry>();
  /** Per-user connections of servers where each user signs in, by server key and user. */
  private readonly userEntries = new Map<string, UserEntry>();
  private idleSweep: NodeJS.Timeout | null = null;
  private readonly closing = new Set<Promise<void>>();
  private readonly guard = createGuardedFetch();
  private readonly publicGuard = createGuardedFetch(personalConnectRules);
  private closed = false;

  constructor(private readonly options: McpHostOptions) {}

  connection(key: string): McpConnection | undefined {
    return this.entries.get(key)?.connection;
  }

  reconcile(wanted: WantedServer[]): void {
    if (this.closed) return;
    const byKey = new Map(wanted.map((server) => [server.key, server]));
    for (const [key, entry] of this.entries) {
      const server = byKey.get(key);
      if (!server || server.perUser || fingerprintOf(server) !== entry.fingerprint) this.drop(key);
    }
    for (const [id, entry] of this.userEntries) {
      if (entry.personal) continue;
      const server = byKey.get(entry.key);
      if (!server || fingerprintOf(server) !== entry.fingerprint) this.dropUserEntry(id);
    }
    for (const server of wanted) {
      if (server.perUser || this.entries.has(server.key)) continue;
      const connection = this.create(server, true);
      this.entries.set(server.key, { fingerprint: fingerprintOf(server), connection });
      connection.start();
    }
  }

  /** `reconcile` for one server: `server` null when it is gone or inactive. */
  reconcileOne(key: string, server: WantedServer | null): void {
    if (this.closed) return;
    const entry = this.entries.get(key);
    if (entry && (!server || server.perUser || fingerprintOf(server) !== entry.fingerprint)) {
      this.drop(key);
    }
    for (const [id, userEntry] of this.userEntries) {
      if (userEntry.key !== key || userEntry.personal) continue;
      if (!server || fingerprintOf(server) !== userEntry.fingerprint) this.dropUserEntry(id);
    }
    if (!server || server.perUser || this.entries.has(key)) return;
    const connection = this.create(server, true);
    this.entries.set(key, { fingerprint: fingerprintOf(server), connection });
    connection.start();
  }

  /**
   * Connects to a server without keeping it: resolves with the connection when it answers (to
   * `adopt` once the server is saved), rejects with the reason when it does not.
   */
  async probe(server: WantedServer): Promise<McpConnection> {
    const connection = this.create(server, false);
    connection.start();
    await connection.whenSettled(this.options.connectTimeoutMs * 2);
    if (connection.status === 'connected') return connection;
    const reason = connection.error ?? 'The server did not answer';
    await connection.close();
    throw new McpUnavailableError(reason);
  }

  /** Keeps a probed connection as the server's live one. */
  adopt(server: WantedServer, connection: McpConnection): void {
    if (this.closed) {
      void connection.close();
      return;
    }
    this.drop(server.key);
    connection.enableRestart();
    this.entries.set(server.key, { fingerprint: fingerprintOf(server), connection });
    // It may have failed between the probe and now.
    if (connection.status === 'error') connection.start();
  }

  /** Waits (at most `timeoutMs`) until each named server is connected or has failed. */
  async settle(keys: string[], timeoutMs: number): Promise<void> {
    const connections = keys.flatMap((key) => this.entries.get(key)?.connection ?? []);
    await Promise.all(connections.map((connection) => connection.whenSettled(timeoutMs)));
  }

  /**
   * A user's own connection to a server where each user signs in: opened on first use (and
   * again after it failed), closed when unused for a while. `authProvider` gives it the user's
   * tokens.
   */
  userConnection(
    server: WantedServer,
    userId: string,
    authProvider?: () => OAuthClientProvider,
  ): McpConnection | undefined {
    if (this.closed) return undefined;
    const id = userEntryKey(server.key, userId);
    const fingerprint = fingerprintOf(server);
    const current = this.userEntries.get(id);
    if (
      current &&
      current.fingerprint === fingerprint &&
      current.connection.status !== 'error' &&
      current.connection.status !== 'closed'
    ) {
      current.lastUsed = Date.now();
      return current.connection;
    }
    if (current) this.dropUserEntry(id);
    const connection = this.create(server, false, authProvider?.());
    this.userEntries.set(id, {
      key: server.key,
      fingerprint,
      connection,
      lastUsed: Date.now(),
      personal: server.personal === true,
    });
    connection.start();
    this.scheduleIdleSweep();
    return connection;
  }

  /** The user's open connection to the server, if any (without opening one). */
  existingUserConnection(key: string, userId: string): McpConnection | undefined {
    return this.userEntries.get(userEntryKey(key, userId))?.connection;
  }

  /** Closes a user's connection (they disconnected, or their sign-in expired). */
  dropUser(key: string, userId: string): void {
    this.dropUserEntry(userEntryKey(key, userId));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleSweep) clearInterval(this.idleSweep);
    for (const id of [...this.userEntries.keys()]) this.dropUserEntry(id);
    for (const key of [...this.entries.keys()]) this.drop(key);
    await Promise.all(this.closing);
    await this.guard.close().catch(() => {});
    await this.publicGuard.close().catch(() => {});
  }

  /**
   * fetch for a server's HTTP requests (and its authorization server's) under its guard level.
   * MCP_ALLOW_LINK_LOCAL_URLS never opens private addresses to users' own servers: only
   * MCP_PERSONAL_ALLOW_PRIVATE_URLS does, and then they get the admin-added servers' rules.
   */
  fetchFor(server: Pick<WantedServer, 'guard'>): typeof this.guard.fetch | undefined {
    if (server.guard === 'none') return undefined;
    if (server.guard === 'public' && !this.options.allowPrivatePersonalUrls) {
      return this.publicGuard.fetch;
    }
    return this.options.allowLinkLocalUrls ? undefined : this.guard.fetch;
  }

  private create(
    server: WantedServer,
    restart: boolean,
    authProvider?: OAuthClientProvider,
  ): McpConnection {
    const guarded = this.fetchFor(server);
    // A user's connection also talks OAuth (refreshes), whose parsing wants global Responses.
    const fetch = guarded && authProvider ? withGlobalResponses(guarded) : guarded;
    return new McpConnection({
      key: server.key,
      transport: server.transport,
      ...(fetch && { fetch }),
      ...(authProvider && { authProvider }),
      connectTimeoutMs: this.options.connectTimeoutMs,
      restartDelayMs: this.options.restartDelayMs,
      restart,
      // A user's own connection is closed when unused; only the shared ones are watched.
      healthCheckMs: authProvider ? 0 : (this.options.healthCheckMs ?? 0),
      log: this.options.log,
    });
  }

  private scheduleIdleSweep(): void {
    if (this.idleSweep) return;
    const idleMs = this.options.userIdleMs ?? defaultUserIdleMs;
    this.idleSweep = setInterval(
      () => {
        const now = Date.now();
        for (const [id, entry] of this.userEntries) {
          if (now - entry.lastUsed >= idleMs) this.dropUserEntry(id);
        }
        if (this.userEntries.size === 0 && this.idleSweep) {
          clearInterval(this.idleSweep);
          this.idleSweep = null;
        }
      },
      Math.max(1_000, Math.min(idleMs, 60_000)),
    );
    this.idleSweep.unref();
  }

  private dropUserEntry(id: string): void {
    const entry = this.userEntries.get(id);
    if (!entry) return;
    this.userEntries.delete(id);
    const closing: Promise<void> = entry.connection
      .close()
      .catch(() => {})
      .finally(() => this.closing.delete(closing));
    this.closing.add(closing);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const closing: Promise<void> = entry.connection
      .close()
      .catch(() => {})
      .finally(() => this.closing.delete(closing));
    this.closing.add(closing);
  }
}
