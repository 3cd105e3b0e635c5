import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setNavigationTargetSource } from './navigation-target';
import { createRoutes } from './routes';

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  setNavigationTargetSource(() => router.state.navigation.location ?? router.state.location);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
