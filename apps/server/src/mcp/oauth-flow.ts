import {
  OAuthClientFlowError,
  OAuthError,
  auth,
  type FetchLike,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
} from '@modelcontextprotocol/client';
import { issuerOf, type StoredOAuthProvider } from './oauth-provider';
import { redactUrlsIn } from './redact-url';

/** The authorization server took longer than allowed; the request was abandoned. */
export class OAuthTimeoutError extends Error {}

/**
 * The guarded fetch answers with undici's own Response class, which the SDK's OAuth error
 * parsing does not recognise (`instanceof Response`): this gives it the global one.
 */
export function withGlobalResponses(base: FetchLike): FetchLike {
  return async (url, init) => {
    // Typed as the global Response, it may be undici's at run time.
    const response: Response = await base(url, init);
    if (response instanceof Response) return response;
    const other = response as Response;
    return new Response(other.body, {
      status: other.status,
      statusText: other.statusText,
      headers: other.headers,
    });
  };
}

/**
 * fetch for authorization-server requests: each one ends after `timeoutMs` (a slow AS gets a
 * clear error rather than a hung request), through the server's guarded fetch when it has one.
 */
export function timedFetch(base: FetchLike | undefined, timeoutMs: number): FetchLike {
  const fetchWith = base
    ? withGlobalResponses(base)
    : (url: string | URL, init?: RequestInit) => fetch(url, init);
  return async (url, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      return await fetchWith(url, { ...init, signal });
    } catch (error) {
      if (timeout.aborted) {
        throw new OAuthTimeoutError(
          `The authorization server did not answer within ${timeoutMs} ms`,
        );
      }
      throw error;
    }
  };
}

export interface StartedSignIn {
  authorizationUrl: string;
  verifier: string;
  discovery: OAuthDiscoveryState | undefined;
}

/**
 * Discovers the server's authorization server (protected resource metadata, then the AS's
 * metadata), registers Confab when it has to, and makes the authorization URL with PKCE.
 */
export async function startSignIn(
  provider: StoredOAuthProvider,
  serverUrl: string,
  scope: string | undefined,
  fetchFn: FetchLike,
): Promise<StartedSignIn> {
  const result = await auth(provider.beginFlow(), {
    serverUrl,
    ...(scope && { scope }),
    fetchFn,
    // A sign-in asked for from the settings is a new one, whatever tokens are stored.
    forceReauthorization: true,
  });
  const verifier = provider.codeVerifierValue;
  if (result !== 'REDIRECT' || !provider.authorizationUrl || !verifier) {
    throw new OAuthClientFlowError('The authorization server did not start a sign-in');
  }
  return {
    authorizationUrl: provider.authorizationUrl.href,
    verifier,
    discovery: provider.discoveryValue,
  };
}

/** Exchanges the authorization code for tokens, which the provider stores. */
export async function finishSignIn(
  provider: StoredOAuthProvider,
  serverUrl: string,
  code: string,
  iss: string | undefined,
  fetchFn: FetchLike,
): Promise<void> {
  const result = await auth(provider, {
    serverUrl,
    authorizationCode: code,
    ...(iss !== undefined && { iss }),
    fetchFn,
  });
  if (result !== 'AUTHORIZED') {
    throw new OAuthClientFlowError('The authorization server did not give tokens');
  }
}

/**
 * Tells the authorization server that issued the tokens to revoke them (RFC 7009), at the
 * revocation endpoint kept with them: never found again through the MCP server, which could
 * point elsewhere by now and collect the refresh token and client secret. Resolves false when
 * it could not be told; the caller forgets the tokens anyway.
 */
export async function revokeAtServer(
  tokens: Record<string, unknown>,
  client: StoredOAuthClientInformation | undefined,
  fetchFn: FetchLike,
): Promise<boolean> {
  if (!client) return false;
  const endpoint = issuerOf(tokens)?.revocationEndpoint;
  if (!endpoint) return false;
  let revoked = true;
  // The refresh token first: revoking it ends the grant and its access tokens too.
  for (const [token, hint] of [
    [tokens.refresh_token, 'refresh_token'],
    [tokens.access_token, 'access_token'],
  ] as const) {
    if (typeof token !== 'string' || !token) continue;
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (client.client_secret) {
      const basic = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    } else {
      body.set('client_id', client.client_id);
    }
    const response = await fetchFn(endpoint, { method: 'POST', headers, body });
    await response.body?.cancel().catch(() => {});
    if (!response.ok) revoked = false;
  }
  return revoked;
}

/** The reason code of a failed code exchange, which the web app words (en and zh). */
export function failureReason(error: unknown): 'timeout' | 'refused' | 'failed' {
  for (let cause = error, depth = 0; depth < 5 && cause instanceof Error; depth += 1) {
    if (cause instanceof OAuthTimeoutError) return 'timeout';
    if (cause instanceof OAuthError) return 'refused';
    cause = cause.cause;
  }
  return 'failed';
}

const maxReasonChars = 300;

/**
 * What went wrong with an authorization server, for the user: a timeout, a refusal (the OAuth
 * error code and its description), a network failure with its cause, the URL guard's refusal.
 */
export function describeOAuthFailure(error: unknown): string {
  if (error instanceof OAuthTimeoutError) return error.message;
  if (error instanceof OAuthError) {
    const detail = error.message && error.message !== error.code ? `: ${error.message}` : '';
    return clip(`The authorization server refused (${error.code}${detail})`);
  }
  if (!(error instanceof Error)) return clip(redactUrlsIn(String(error)));
  let message = error.message;
  let cause = error.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    if (cause instanceof OAuthTimeoutError) return cause.message;
    if (cause.message && !message.includes(cause.message))
      message = `${message} (${cause.message})`;
    cause = cause.cause;
  }
  return clip(redactUrlsIn(message));
}

const clip = (text: string) =>
  text.length > maxReasonChars ? `${text.slice(0, maxReasonChars - 1)}…` : text;
