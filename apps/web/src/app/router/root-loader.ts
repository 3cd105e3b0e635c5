import { isSignedIn } from '@/lib/auth/session-shape';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionQueryOptions } from '@/lib/auth/session';
import { assignLocation } from '@/lib/browser-location';
import { versionStore } from '@/lib/version/version-store';
import { resolveGuard } from './resolve-guard';

/**
 * Runs before every navigation (the root route always revalidates):
 * 1. when a newer build was deployed, the navigation becomes a full page load of its target;
 * 2. the session is read (once; later navigations use the cache and refresh it when stale);
 * 3. the guard redirects before any page of the wrong audience renders.
 */
export function createRootLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}${url.hash}`;
    if (versionStore.getState().updateReady) {
      assignLocation(target);
      // Keep the old page until the browser replaces it.
      return new Promise<never>(() => {});
    }
    const session = await queryClient.ensureQueryData({
      ...sessionQueryOptions,
      revalidateIfStale: true,
    });
    const redirectTo = resolveGuard(target, isSignedIn(session));
    return redirectTo ? redirect(redirectTo) : null;
  };
}
