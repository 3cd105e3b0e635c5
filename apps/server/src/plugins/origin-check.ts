import fp from 'fastify-plugin';
import { forbidden } from '../lib/app-error';
import { isApiPath, routedPath } from '../lib/routed-path';
import { sameHost } from '../lib/same-host';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing /api requests sent by another site's page. SameSite=Lax already keeps
 * the cookie off cross-site POSTs from most browsers; this covers same-site subdomains and
 * older browsers. Requests without an Origin header (curl, server-to-server) carry no cookie
 * from a victim's browser and pass.
 */
export const originCheckPlugin = fp(
  (app, _opts, done) => {
    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method) || !isApiPath(routedPath(request))) return;
      const origin = request.headers.origin;
      if (!origin) return;
      if (!sameHost(origin, `${request.protocol}://${request.host}`)) {
        throw forbidden('Cross-site request refused');
      }
    });
    done();
  },
  { name: 'origin-check' },
);
