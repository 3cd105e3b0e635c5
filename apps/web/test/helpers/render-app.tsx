import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router/routes';

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * Renders the whole app (providers, every route, guard) at `path` in a memory router.
 * `routes` replaces the app's routes when a test needs a route of its own. The render runs in
 * an async act so that React retries suspended parts (React 19 does not otherwise under act).
 */
export async function renderApp(
  path: string,
  options: { routes?: (queryClient: QueryClient) => RouteObject[] } = {},
) {
  const queryClient = testQueryClient();
  const routes = (options.routes ?? createRoutes)(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, user, location };
}
