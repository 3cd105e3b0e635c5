/**
 * The path a request is served under. The router decodes a path before matching it (so
 * `/%61pi/health` is `/api/health`), and checks that look at a raw prefix would be skipped by
 * such a spelling: they must look at the route that matched, or at the decoded path when none
 * did (the not-found handler).
 */
export function routedPath(request: { url: string; routeOptions: { url?: string } }): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** Whether a routed path is one of the API's (`/api` or below). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    // A malformed escape matches no route either; the raw text is what was asked for.
    return raw;
  }
}
