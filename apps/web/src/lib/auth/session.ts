import { queryOptions } from '@tanstack/react-query';
import { fetchSession } from './fetch-session';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  retry: false,
  staleTime: 30_000,
});
