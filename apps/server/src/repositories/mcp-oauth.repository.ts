import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

export type OAuthTokenState = 'connected' | 'expired';

export interface StoredClient {
  redirectUri: string;
  /** The client information the authorization server gave (or the configured one), as JSON. */
  client: Record<string, unknown>;
}

export interface StoredTokens {
  tokens: Record<string, unknown>;
  state: OAuthTokenState;
}

export interface OAuthFlow {
  state: string;
  userId: string;
  serverKey: string;
  verifier: string;
  /** The redirect URI the sign-in started with; the code exchange must name the same one. */
  redirectUri: string;
  discovery: Record<string, unknown> | null;
  expiresAt: number;
}

const tokensContext = (userId: string, key: string) => `mcp-oauth:${userId}:${key}`;
const clientContext = (key: string) => `mcp-oauth-client:${key}`;
const flowContext = (state: string) => `mcp-oauth-flow:${state}`;

function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * OAuth state of MCP servers: Confab's client registration per server, each user's tokens per
 * server, and sign-ins under way. Tokens, client secrets and PKCE verifiers are sealed with the
 * SecretBox, bound to their row, so a leaked database gives none of them away.
 */
export class McpOAuthRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async client(serverKey: string): Promise<StoredClient | undefined> {
    const row = await this.db
      .selectFrom('mcp_oauth_clients')
      .selectAll()
      .where('server_key', '=', serverKey)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      redirectUri: row.redirect_uri,
      client: parseObject(this.box.open(row.client, clientContext(serverKey))),
    };
  }

  async saveClient(serverKey: string, stored: StoredClient, now: number): Promise<void> {
    const client = this.box.seal(JSON.stringify(stored.client), clientContext(serverKey));
    await this.db
      .insertInto('mcp_oauth_clients')
      .values({ server_key: serverKey, redirect_uri: stored.redirectUri, client, created_at: now })
      .onConflict((conflict) =>
        conflict
          .column('server_key')
          .doUpdateSet({ redirect_uri: stored.redirectUri, client, created_at: now }),
      )
      .execute();
  }

  async deleteClient(serverKey: string): Promise<void> {
    await this.db.deleteFrom('mcp_oauth_clients').where('server_key', '=', serverKey).execute();
  }

  async tokens(userId: string, serverKey: string): Promise<StoredTokens | undefined> {
    const row = await this.db
      .selectFrom('mcp_oauth_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('server_key', '=', serverKey)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      tokens: parseObject(this.box.open(row.tokens, tokensContext(userId, serverKey))),
      state: row.state === 'connected' ? 'connected' : 'expired',
    };
  }

  /** The state of each of the user's connections, by server key. */
  async states(userId: string): Promise<Map<string, OAuthTokenState>> {
    const rows = await this.db
      .selectFrom('mcp_oauth_tokens')
      .select(['server_key', 'state'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(
      rows.map((row) => [row.server_key, row.state === 'connected' ? 'connected' : 'expired']),
    );
  }

  async saveTokens(
    userId: string,
    serverKey: string,
    tokens: Record<string, unknown>,
    now: number,
  ): Promise<void> {
    const sealed = this.box.seal(JSON.stringify(tokens), tokensContext(userId, serverKey));
    await this.db
      .insertInto('mcp_oauth_tokens')
      .values({
        user_id: userId,
        server_key: serverKey,
        tokens: sealed,
        state: 'connected',
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'server_key'])
          .doUpdateSet({ tokens: sealed, state: 'connected', updated_at: now }),
      )
      .execute();
  }

  async markExpired(userId: string, serverKey: string, now: number): Promise<void> {
    await this.db
      .updateTable('mcp_oauth_tokens')
      .set({ state: 'expired', updated_at: now })
      .where('user_id', '=', userId)
      .where('server_key', '=', serverKey)
      .execute();
  }

  async deleteTokens(userId: string, serverKey: string): Promise<void> {
    await this.db
      .deleteFrom('mcp_oauth_tokens')
      .where('user_id', '=', userId)
      .where('server_key', '=', serverKey)
      .execute();
  }

  /** Every user's tokens and the registration of a server (removed, or its OAuth changed). */
  async forgetServer(serverKey: string): Promise<void> {
    await this.db.deleteFrom('mcp_oauth_tokens').where('server_key', '=', serverKey).execute();
    await this.db.deleteFrom('mcp_oauth_flows').where('server_key', '=', serverKey).execute();
    await this.deleteClient(serverKey);
  }

  async insertFlow(flow: OAuthFlow, now: number): Promise<void> {
    await this.db.deleteFrom('mcp_oauth_flows').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('mcp_oauth_flows')
      .values({
        state: flow.state,
        user_id: flow.userId,
        server_key: flow.serverKey,
        verifier: this.box.seal(flow.verifier, flowContext(flow.state)),
        redirect_uri: flow.redirectUri,
        discovery: JSON.stringify(flow.discovery),
        expires_at: flow.expiresAt,
      })
      .execute();
  }

  /**
   * Takes the user's sign-in by its state: deleted as it is read, so a state is used once
   * whatever happens next (another node, a replayed callback). Another user's state is left
   * alone: it is not theirs to use or to spoil.
   */
  async takeFlow(state: string, userId: string): Promise<OAuthFlow | undefined> {
    const row = await this.db
      .deleteFrom('mcp_oauth_flows')
      .where('state', '=', state)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const discovery: unknown = JSON.parse(row.discovery);
    return {
      state: row.state,
      userId: row.user_id,
      serverKey: row.server_key,
      verifier: this.box.open(row.verifier, flowContext(row.state)),
      redirectUri: row.redirect_uri,
      discovery:
        discovery && typeof discovery === 'object' ? (discovery as Record<string, unknown>) : null,
      expiresAt: Number(row.expires_at),
    };
  }
}
