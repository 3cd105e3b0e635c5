import type { McpTransport } from '@confab/protocol/mcp';
import { McpConnection, McpUnavailableError, type ConnectionLogger } from './connection';
import { createGuardedFetch } from './url-guard';

export interface McpHostOptions {
  connectTimeoutMs: number;
  restartDelayMs: { min: number; max: number };
  allowLinkLocalUrls: boolean;
  log: ConnectionLogger;
}

/** A server the host should keep connected. */
export interface WantedServer {
  key: string;
  transport: McpTransport;
  /** Added through the API: its remote connections refuse link-local addresses. */
  guarded: boolean;
}

interface Entry {
  fingerprint: string;
  connection: McpConnection;
}

const fingerprintOf = (server: WantedServer) => JSON.stringify([server.transport, server.guarded]);

/**
 * The live connections of this node, one per active server. `reconcile` makes them match the
 * wanted set (started on activation, replaced when settings change, closed on deactivation);
 * `close` ends them all when the app closes.
 */
export class McpHost {
  private readonly entries = new Map<string, Entry>();
  private readonly closing = new Set<Promise<void>>();
  private readonly guard = createGuardedFetch();
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
      if (!server || fingerprintOf(server) !== entry.fingerprint) this.drop(key);
    }
    for (const server of wanted) {
      if (this.entries.has(server.key)) continue;
      const connection = this.create(server, true);
      this.entries.set(server.key, { fingerprint: fingerprintOf(server), connection });
      connection.start();
    }
  }

  /** `reconcile` for one server: `server` null when it is gone or inactive. */
  reconcileOne(key: string, server: WantedServer | null): void {
    if (this.closed) return;
    const entry = this.entries.get(key);
    if (entry && (!server || fingerprintOf(server) !== entry.fingerprint)) this.drop(key);
    if (!server || this.entries.has(key)) return;
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

  async close(): Promise<void> {
    this.closed = true;
    for (const key of [...this.entries.keys()]) this.drop(key);
    await Promise.all(this.closing);
    await this.guard.close().catch(() => {});
  }

  private create(server: WantedServer, restart: boolean): McpConnection {
    const guarded = server.guarded && !this.options.allowLinkLocalUrls;
    return new McpConnection({
      key: server.key,
      transport: server.transport,
      ...(guarded && { fetch: this.guard.fetch }),
      connectTimeoutMs: this.options.connectTimeoutMs,
      restartDelayMs: this.options.restartDelayMs,
      restart,
      log: this.options.log,
    });
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
