import { signInPageAt } from '@confab/protocol/sign-in-document';

/**
 * What the service worker does with a request (docs/product.md#installable-app):
 * - `network`: left to the browser, never cached: other origins, anything but GET, the API
 *   (authenticated JSON), the socket, and the build id (the version check must see the server);
 * - `precached`: a file of this build (the app's documents, hashed assets, icons), answered
 *   from the build's cache, from the network when missing there;
 * - `page`: a page load, from the network first, else the cached document of that page, so a
 *   reload while offline opens the app rather than the browser's error page.
 */
export type FetchPlan =
  { kind: 'network' } | { kind: 'precached'; path: string } | { kind: 'page'; fallback: string };

export interface PlannedRequest {
  method: string;
  url: string;
  mode: string;
}

/** Paths the worker never answers: every request under them goes to the server. */
export const networkOnlyPrefixes = ['/api/', '/socket.io/', '/builds/'] as const;

export const appDocument = '/index.html';
export const signInDocument = '/sign-in.html';

export function fetchPlan(
  request: PlannedRequest,
  origin: string,
  precached: ReadonlySet<string>,
): FetchPlan {
  if (request.method !== 'GET') return { kind: 'network' };
  const url = new URL(request.url);
  if (url.origin !== origin) return { kind: 'network' };
  const path = url.pathname;
  if (path === '/api' || networkOnlyPrefixes.some((prefix) => path.startsWith(prefix))) {
    return { kind: 'network' };
  }
  if (request.mode === 'navigate') {
    return { kind: 'page', fallback: signInPageAt(path) ? signInDocument : appDocument };
  }
  if (precached.has(path)) return { kind: 'precached', path };
  return { kind: 'network' };
}
