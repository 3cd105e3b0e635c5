import { discoverOAuthServerInfo, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import {
  mcpOAuthLimits,
  mcpOAuthResultParams,
  type McpOAuthCallbackQuery,
  type McpOAuthStartReply,
} from '@confab/protocol/mcp-oauth';
import { AppError, badRequest } from '../lib/app-error';
import type { McpOAuthRepository } from '../repositories/mcp-oauth.repository';
import type { McpConnection } from './connection';
import type { McpHost } from './host';
import {
  describeOAuthFailure,
  finishSignIn,
  revokeAtServer,
  startSignIn,
  timedFetch,
} from './oauth-flow';
import { StoredOAuthProvider } from './oauth-provider';
import { wanted, type CatalogServer } from './server-catalog';

export const oauthCallbackPath = '/api/mcp/oauth/callback';
export const clientMetadataPath = '/api/mcp/oauth/client-metadata.json';
/** Where the browser lands after a sign-in: the AI chat, whose tool settings show the result. */
export const settingsPath = '/agents/mindBox';

export interface McpOAuthOptions {
  repository: McpOAuthRepository;
  host: McpHost;
  timeoutMs: number;
  publicUrl?: string;
  now: () => number;
}

/** Where the callback sends the browser, and the outcome (for the logs and tests). */
export interface OAuthCallbackResult {
  location: string;
  connected: boolean;
}

/** The authorization server failed us: its reason, as a 502 the settings show. */
const upstream = (reason: string) =>
  new AppError(502, 'BAD_GATEWAY', `Could not sign in to the MCP server: ${reason}`);

/**
 * Users' OAuth sign-ins to MCP servers: starting one (state bound to the user, single use,
 * PKCE verifier kept on the server), finishing it at the callback, the per-user connections
 * that use the tokens, and disconnecting (tokens forgotten, revoked at the AS when it can).
 * Every request to an authorization server is timed and goes through the server's URL guard.
 */
export class McpOAuth {
  constructor(private readonly options: McpOAuthOptions) {}

  /** The redirect URI: fixed by the operator's PUBLIC_URL, else this request's origin. */
  redirectUrl(requestOrigin: string): string {
    return `${this.origin(requestOrigin)}${oauthCallbackPath}`;
  }

  /** The user's connection to the server, opened when it is not (null once the host closed). */
  connectionFor(userId: string, server: CatalogServer): McpConnection | undefined {
    return this.options.host.userConnection(wanted(server), userId, () => {
      const provider = this.provider(userId, server, null);
      return provider;
    });
  }

  async start(
    userId: string,
    server: CatalogServer,
    requestOrigin: string,
  ): Promise<McpOAuthStartReply> {
    const provider = this.provider(userId, server, this.redirectUrl(requestOrigin));
    try {
      const started = await startSignIn(
        provider,
        server.transport.type === 'stdio' ? '' : server.transport.url,
        server.auth?.scopes,
        this.fetchFor(server),
      );
      await this.options.repository.insertFlow(
        {
          state: provider.flowState,
          userId,
          serverKey: server.key,
          verifier: started.verifier,
          discovery: (started.discovery ?? null) as Record<string, unknown> | null,
          expiresAt: this.options.now() + mcpOAuthLimits.flowTtlMs,
        },
        this.options.now(),
      );
      return { authorizationUrl: started.authorizationUrl };
    } catch (error) {
      throw upstream(describeOAuthFailure(error));
    }
  }

  async finish(
    userId: string,
    query: McpOAuthCallbackQuery,
    requestOrigin: string,
    serverFor: (key: string) => Promise<CatalogServer | undefined>,
  ): Promise<OAuthCallbackResult> {
    if (!query.state) throw badRequest('The sign-in answer has no state', { state: 'is required' });
    const flow = await this.options.repository.takeFlow(query.state, userId);
    // Not started by this user (or already used): nothing is done with the code.
    if (!flow) {
      throw badRequest('This sign-in is unknown, was already used or belongs to another user', {
        state: 'is not valid',
      });
    }
    const failed = (reason: string) => ({
      location: this.settingsLocation(requestOrigin, {
        [mcpOAuthResultParams.result]: 'failed',
        [mcpOAuthResultParams.server]: flow.serverKey,
        [mcpOAuthResultParams.error]: reason,
      }),
      connected: false,
    });
    if (flow.expiresAt < this.options.now()) return failed('The sign-in took too long; try again');
    if (query.error) {
      const detail = query.error_description ? `: ${query.error_description}` : '';
      return failed(`The authorization server refused (${query.error}${detail})`.slice(0, 300));
    }
    if (!query.code) return failed('The authorization server sent no code');
    const server = await serverFor(flow.serverKey);
    if (!server || server.transport.type === 'stdio') {
      return failed('The server is no longer available');
    }
    const provider = this.provider(userId, server, this.redirectUrl(requestOrigin)).resumeFlow(
      flow.verifier,
      (flow.discovery ?? undefined) as OAuthDiscoveryState | undefined,
    );
    try {
      await finishSignIn(
        provider,
        server.transport.url,
        query.code,
        query.iss,
        this.fetchFor(server),
      );
    } catch (error) {
      return failed(describeOAuthFailure(error));
    }
    // A connection opened with the old tokens is replaced by one with the new.
    this.options.host.dropUser(server.key, userId);
    return {
      location: this.settingsLocation(requestOrigin, {
        [mcpOAuthResultParams.result]: 'connected',
        [mcpOAuthResultParams.server]: server.key,
      }),
      connected: true,
    };
  }

  /** Forgets the user's tokens; resolves whether the authorization server revoked them. */
  async disconnect(userId: string, server: CatalogServer): Promise<boolean> {
    const stored = await this.options.repository.tokens(userId, server.key);
    this.options.host.dropUser(server.key, userId);
    await this.options.repository.deleteTokens(userId, server.key);
    if (!stored || server.transport.type === 'stdio') return false;
    try {
      const client = await this.provider(userId, server, null).clientInformation();
      return await revokeAtServer(
        server.transport.url,
        stored.tokens,
        client,
        this.fetchFor(server),
      );
    } catch {
      // The tokens are gone from Confab; the AS could not be told (slow, down): they expire there.
      return false;
    }
  }

  /** Why the server's authorization server cannot be found, or null when it can. */
  async discoveryProblem(server: ReturnType<typeof wanted>): Promise<string | null> {
    if (server.transport.type === 'stdio') return 'stdio servers cannot use OAuth';
    try {
      const info = await discoverOAuthServerInfo(server.transport.url, {
        fetchFn: timedFetch(this.options.host.fetchFor(server), this.options.timeoutMs),
      });
      if (!info.authorizationServerMetadata) {
        return 'its authorization server publishes no metadata';
      }
      return null;
    } catch (error) {
      return describeOAuthFailure(error);
    }
  }

  private provider(
    userId: string,
    server: CatalogServer,
    redirectUrl: string | null,
  ): StoredOAuthProvider {
    const origin = this.options.publicUrl;
    return new StoredOAuthProvider({
      repository: this.options.repository,
      serverKey: server.key,
      userId,
      settings: server.auth ?? {},
      redirectUrl,
      ...(origin?.startsWith('https://') && {
        clientMetadataUrl: `${origin}${clientMetadataPath}`,
      }),
      now: this.options.now,
    });
  }

  private fetchFor(server: CatalogServer) {
    return timedFetch(this.options.host.fetchFor(wanted(server)), this.options.timeoutMs);
  }

  private origin(requestOrigin: string): string {
    return (this.options.publicUrl ?? requestOrigin).replace(/\/+$/, '');
  }

  private settingsLocation(requestOrigin: string, params: Record<string, string>): string {
    return `${this.origin(requestOrigin)}${settingsPath}?${new URLSearchParams(params).toString()}`;
  }
}
