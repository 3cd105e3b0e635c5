import type { SessionReply } from '@confab/protocol/auth';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  /** The query string's parameters. */
  query: URLSearchParams;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const alice: SessionReply = {
  user: { id: 'u-1', username: 'alice', email: 'alice@example.com', role: 'user' },
  loggedInAt: '2025-01-01T10:00:00.000Z',
};

/**
 * Stands in for Confab's server behind `fetch`. Routes are "METHOD /path"; anything else
 * answers 404 like the server's unknown-API reply. `session` is what GET /api/_auth/session
 * returns and can be changed during a test.
 */
export function fakeServer(options: { session?: SessionReply; routes?: Record<string, Handler> }) {
  const state: { session: SessionReply } = { session: options.session ?? {} };
  const requests: FakeRequest[] = [];
  const routes: Record<string, Handler> = {
    'GET /api/_auth/session': () => json(state.session),
    'DELETE /api/_auth/session': () => {
      state.session = {};
      return json({ ok: true });
    },
    ...options.routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body, query: url.searchParams };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    requests,
    /** Requests to `METHOD /path` so far. */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

/** The social API's contact list of someone with no contacts yet. */
export const noContacts: Record<string, Handler> = {
  'GET /api/chat-social-msg/contacts/list': () =>
    json({ statusCode: 200, data: { formattedContacts: [] } }),
};
