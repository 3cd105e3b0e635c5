import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { McpOAuthStartReply } from '@confab/protocol/mcp-oauth';
import type { requestAs } from './mcp';

/**
 * What a browser does with an authorization URL: follows the authorization server's redirects
 * (keeping its cookies; `account` picks who signs in on the test AS) until it is sent to
 * Confab's callback, whose path and query it returns.
 */
export async function signInAtServer(authorizationUrl: string, account: string): Promise<string> {
  const jar = new Map<string, string>([['account', account]]);
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`The sign-in stopped at ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.pathname === '/api/mcp/oauth/callback') return `${next.pathname}${next.search}`;
    url = next.href;
  }
  throw new Error('The sign-in redirected too many times');
}

/** Starts a sign-in to `key` as the user, signs in at the AS as `account`; the callback's reply. */
export async function connectAccount(
  app: FastifyInstance,
  as: ReturnType<typeof requestAs>,
  key: string,
  account: string,
) {
  const started = await as.post('/api/mcp/oauth/start', { key });
  expect(started.statusCode, started.body).toBe(200);
  const callback = await signInAtServer(
    started.json<McpOAuthStartReply>().authorizationUrl,
    account,
  );
  return app.inject({
    method: 'GET',
    url: callback,
    headers: as.cookie ? { cookie: as.cookie } : {},
  });
}
