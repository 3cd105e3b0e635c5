import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { fetchPanelCodeWith } from '@/lib/preloadable';
import { lazyRoute } from './lazy-route';
import { setNavigationTargetSource } from './navigation-target';
import { createRoutes } from './routes';

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  setNavigationTargetSource(() => router.state.navigation.location ?? router.state.location);
  // A panel's code that fails to load is handled as a page's is.
  fetchPanelCodeWith(lazyRoute);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
