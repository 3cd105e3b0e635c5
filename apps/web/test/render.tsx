import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, loadNamespaces } from '@/lib/i18n/i18n';
import type { Namespace } from '@/lib/i18n/resources';
import { createQueryClient } from '@/lib/query-client';

/** The interface in Chinese (the spec's texts), with the given catalogs loaded. */
export async function inChinese(namespaces: Namespace[]): Promise<void> {
  await i18n.changeLanguage('zh-CN');
  await loadNamespaces(namespaces);
}

/**
 * Renders `ui` at `path` inside the app's providers (query client, router); the router also
 * knows `otherPaths`, so a test can see where the page navigated.
 */
export function renderPage(ui: ReactNode, path = '/', otherPaths: string[] = []) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...otherPaths.map((other) => ({ path: other, element: <p>at {other}</p> })),
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

type Handler = (request: { method: string; path: string; body: unknown }) => {
  status: number;
  body?: unknown;
};

/**
 * Stands in for the server behind `fetch`: `handler` answers each request; every request is
 * recorded, so a test can check what the page sent.
 */
export function stubServer(handler: Handler) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const { status, body } = handler(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchStub, requests };
}
