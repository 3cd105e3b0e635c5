import { discoverOAuthServerInfo, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import {
  mcpOAuthLimits,
  mcpOAuthResultParams,
  type McpOAuthCallbackQuery,
  type McpOAuthFailureReason,
  type McpOAuthStartReply,
} from '@confab/protocol/mcp-oauth';
import { AppError, conflict } from '../lib/app-error';
import type { McpOAuthRepository } from '../repositories/mcp-oauth.repository';
import type { McpConnection } from './connection';
import type { McpHost } from './host';
import {
  describeOAuthFailure,
  failureReason,
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
  /** What the authorization server said, for the log (the browser gets only a reason code). */
  detail?: string;
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

  /**
   * The redirect URI, from the operator's PUBLIC_URL only: taken from a request's Host header,
   * anyone could have another user's authorization code sent to an address of their choosing.
   */
  private redirectUrl(): string {
    const origin = this.options.publicUrl;
    if (!origin) {
      throw conflict(
        'Set PUBLIC_URL, the address people use to reach Confab, to sign in to OAuth MCP servers',
      );
    }
    return `${origin}${oauthCallbackPath}`;
  }

  /** The user's connection to the server, opened when it is not (null once the host closed). */
  connectionFor(userId: string, server: CatalogServer): McpConnection | undefined {
    return this.options.host.userConnection(wanted(server), userId, () => {
      const provider = this.provider(userId, server, null);
      return provider;
    });
  }

  async start(userId: string, server: CatalogServer): Promise<McpOAuthStartReply> {
    const redirectUri = this.redirectUrl();
    const provider = this.provider(userId, server, redirectUri);
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
          redirectUri,
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

  /**
   * The browser came back from the authorization server. Always a redirect to the settings
   * (never JSON: this is a page load), failures with a reason code the web app words.
   * `userId` is null when the browser has no Confab session (an installed app that opened the
   * sign-in in another browser): nothing is done with the code.
   */
  async finish(
    userId: string | null,
    query: McpOAuthCallbackQuery,
    serverFor: (key: string) => Promise<CatalogServer | undefined>,
  ): Promise<OAuthCallbackResult> {
    if (!userId) return failedResult('session');
    // Not started by this user (or already used): nothing is done with the code.
    const flow = query.state ? await this.options.repository.takeFlow(query.state, userId) : null;
    if (!flow) return failedResult('state');
    const failed = (reason: McpOAuthFailureReason, detail?: string) =>
      failedResult(reason, flow.serverKey, detail);
    if (flow.expiresAt < this.options.now()) return failed('state');
    if (query.error) return failed(query.error === 'access_denied' ? 'denied' : 'refused');
    if (!query.code) return failed('refused');
    const server = await serverFor(flow.serverKey);
    if (!server || server.transport.type === 'stdio') return failed('unavailable');
    // The redirect URI this sign-in started with: the token request must name the same one.
    const provider = this.provider(userId, server, flow.redirectUri).resumeFlow(
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
      return failed(failureReason(error), describeOAuthFailure(error));
    }
    // A connection opened with the old tokens is replaced by one with the new.
    this.options.host.dropUser(server.key, userId);
    return {
      location: settingsLocation({
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
      return await revokeAtServer(stored.tokens, client, this.fetchFor(server));
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

  /** Back to the settings for a callback that could not be read (see McpService). */
  malformed(detail: string): OAuthCallbackResult {
    return failedResult('refused', undefined, detail);
  }

  private fetchFor(server: CatalogServer) {
    return timedFetch(this.options.host.fetchFor(wanted(server)), this.options.timeoutMs);
  }
}

/** The settings page, relative: the browser stays on the address it came back to. */
const settingsLocation = (params: Record<string, string>) =>
  `${settingsPath}?${new URLSearchParams(params).toString()}`;

/** Back to the settings with a reason code (and the server when the sign-in is known). */
function failedResult(
  reason: McpOAuthFailureReason,
  serverKey?: string,
  detail?: string,
): OAuthCallbackResult {
  return {
    location: settingsLocation({
      [mcpOAuthResultParams.result]: 'failed',
      ...(serverKey && { [mcpOAuthResultParams.server]: serverKey }),
      [mcpOAuthResultParams.error]: reason,
    }),
    connected: false,
    ...(detail && { detail }),
  };
}
