import type { Plugin } from 'vite';

const signInDocumentPaths = new Set(['/public/login', '/public/register']);

/**
 * The dev server's counterpart of the server's choice of document (apps/server/src/plugins/
 * web-app.ts): a page request for the sign-in or registration page gets sign-in.html, any
 * other one index.html.
 */
export function signInDocumentPlugin(): Plugin {
  return {
    name: 'confab:sign-in-document',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '', query] = (request.url ?? '').split('?');
        let decoded = path;
        try {
          decoded = decodeURIComponent(path);
        } catch {
          // A malformed escape is no page of the app.
        }
        const normalized = decoded.replace(/\/+$/, '').replace(/^\/*/, '/');
        if (request.headers.accept?.includes('text/html') && signInDocumentPaths.has(normalized)) {
          request.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
  };
}
