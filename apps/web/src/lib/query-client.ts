import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // One retry rides out a blip; the social API's own retry policy lives in its client.
      queries: { retry: 1 },
      mutations: { retry: false },
    },
  });
}
