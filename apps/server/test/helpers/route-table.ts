import type { RouteOptions } from 'fastify';

/** One route of the server's API as Fastify registered it. */
export interface ApiRoute {
  method: string;
  url: string;
  /** `"POST /api/_auth/login"`: how the security tables name a route. */
  key: string;
  schema: RouteOptions['schema'];
}

/**
 * Collects the API routes of an app as it is built (pass `onRoute` to startTestApp), so the
 * security suites cover every route without a list of their own. HEAD twins of GET routes
 * and the web app's static files are left out.
 */
export function routeCollector() {
  const routes: ApiRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, key: `${method} ${route.url}`, schema: route.schema });
    }
  };
  return { routes, onRoute };
}
