import { randomBytes } from 'node:crypto';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { McpOAuthRepository } from '../repositories/mcp-oauth.repository';
import type { McpOAuthSettings } from '../repositories/mcp-server.repository';

export interface OAuthProviderOptions {
  repository: McpOAuthRepository;
  serverKey: string;
  userId: string;
  settings: McpOAuthSettings;
  /** The callback of a sign-in; null for a live connection (it never redirects). */
  redirectUrl: string | null;
  /** Confab's client ID metadata document, when it is served over https (else unused). */
  clientMetadataUrl?: string;
  now: () => number;
}

const unusedRedirectUrl = 'http://confab.invalid/api/mcp/oauth/callback';

/** Kept with the tokens: the authorization server that issued them (where they are revoked). */
export const tokenIssuerKey = 'confab_issuer';

export interface TokenIssuer {
  issuer: string;
  revocationEndpoint: string | null;
}

/** The issuer stored with tokens, or null (tokens saved before it was kept). */
export function issuerOf(tokens: Record<string, unknown>): TokenIssuer | null {
  const value = tokens[tokenIssuerKey] as Partial<TokenIssuer> | undefined;
  if (!value || typeof value.issuer !== 'string') return null;
  return {
    issuer: value.issuer,
    revocationEndpoint:
      typeof value.revocationEndpoint === 'string' ? value.revocationEndpoint : null,
  };
}

/** The client metadata Confab registers with (dynamically, or as its metadata document). */
export function confabClientMetadata(redirectUrl: string): OAuthClientMetadata {
  return {
    client_name: 'Confab',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/**
 * The SDK's OAuth client for one user and one server, backed by the database: the tokens are
 * that user's, the client registration is the server's. `beginFlow` and `resumeFlow` set up
 * the sign-in legs; a provider used by a live connection never redirects anywhere: when it
 * would have to, the user's connection is marked expired (they sign in again from the settings).
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  /** Where the user goes to sign in, once `auth` asked for it. */
  authorizationUrl: URL | null = null;
  /** The flow's state parameter (random, single use). */
  readonly flowState = randomBytes(24).toString('base64url');
  private verifier: string | null = null;
  private discovery: OAuthDiscoveryState | undefined;
  private interactive = false;

  constructor(private readonly options: OAuthProviderOptions) {}

  /** Starting a sign-in: a redirect is wanted, and the verifier and discovery are kept. */
  beginFlow(): this {
    this.interactive = true;
    return this;
  }

  /** Finishing a sign-in: the verifier and discovery saved when it started. */
  resumeFlow(verifier: string, discovery: OAuthDiscoveryState | undefined): this {
    this.interactive = true;
    this.verifier = verifier;
    this.discovery = discovery;
    return this;
  }

  get codeVerifierValue(): string | null {
    return this.verifier;
  }

  get discoveryValue(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  /**
   * A live connection never redirects, but the SDK refreshes tokens only for providers that
   * could (one without a redirect URL is taken for a client-credentials client): it gets a
   * URL that is never visited.
   */
  get redirectUrl(): string {
    return this.options.redirectUrl ?? unusedRedirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.settings.clientId ? undefined : this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const metadata = confabClientMetadata(this.options.redirectUrl ?? '');
    return this.options.settings.scopes
      ? { ...metadata, scope: this.options.settings.scopes }
      : metadata;
  }

  state(): string {
    return this.flowState;
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    const { clientId, clientSecret } = this.options.settings;
    if (clientId) {
      return { client_id: clientId, ...(clientSecret && { client_secret: clientSecret }) };
    }
    const stored = await this.options.repository.client(this.options.serverKey);
    if (!stored) return undefined;
    // Registered for another address of Confab: a sign-in registers again rather than fail
    // at the AS (a live connection uses the registration its tokens came with).
    const redirect = this.options.redirectUrl;
    if (redirect !== null && stored.redirectUri !== redirect) return undefined;
    return stored.client as StoredOAuthClientInformation;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    if (this.options.settings.clientId || this.options.redirectUrl === null) return;
    await this.options.repository.saveClient(
      this.options.serverKey,
      { redirectUri: this.options.redirectUrl, client: { ...client } },
      this.options.now(),
    );
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    const stored = await this.options.repository.tokens(
      this.options.userId,
      this.options.serverKey,
    );
    if (!stored || stored.state !== 'connected') return undefined;
    const { [tokenIssuerKey]: _issuer, ...tokens } = stored.tokens;
    return tokens as StoredOAuthTokens;
  }

  /**
   * Saves the tokens with the authorization server they came from (this flow's discovery, or
   * the one kept with the tokens they replace), so a disconnect revokes them there and never
   * where the MCP server points at a later time.
   */
  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const metadata = this.discovery?.authorizationServerMetadata as
      { issuer?: unknown; revocation_endpoint?: unknown } | undefined;
    let issuer: TokenIssuer | null;
    if (typeof metadata?.issuer === 'string') {
      issuer = {
        issuer: metadata.issuer,
        revocationEndpoint:
          typeof metadata.revocation_endpoint === 'string' ? metadata.revocation_endpoint : null,
      };
    } else {
      const previous = await this.options.repository.tokens(
        this.options.userId,
        this.options.serverKey,
      );
      issuer = previous ? issuerOf(previous.tokens) : null;
    }
    await this.options.repository.saveTokens(
      this.options.userId,
      this.options.serverKey,
      { ...tokens, ...(issuer && { [tokenIssuerKey]: issuer }) },
      this.options.now(),
    );
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (this.interactive) {
      this.authorizationUrl = url;
      return;
    }
    // A live connection was refused and could not refresh: the user has to sign in again.
    await this.expire();
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is under way');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    if (scope === 'discovery') {
      this.discovery = undefined;
      return;
    }
    if (scope === 'verifier') {
      this.verifier = null;
      return;
    }
    if ((scope === 'all' || scope === 'client') && !this.options.settings.clientId) {
      await this.options.repository.deleteClient(this.options.serverKey);
    }
    if (scope === 'all' || scope === 'tokens') await this.expire();
  }

  private async expire(): Promise<void> {
    await this.options.repository.markExpired(
      this.options.userId,
      this.options.serverKey,
      this.options.now(),
    );
  }
}
