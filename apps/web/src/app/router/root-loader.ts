import { isSignedIn } from '@/lib/auth/session-shape';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionQueryOptions } from '@/lib/auth/session';
import { assignLocation } from '@/lib/browser-location';
import { reachableServerBuild } from '@/lib/version/server-build';
import { versionStore } from '@/lib/version/version-store';
import { resolveGuard } from './resolve-guard';
import { signInPageAt } from './sign-in-document';

/** Leaves the app for `target` with a full page load; the old page stays until replaced. */
function documentLoad(target: string): Promise<never> {
  assignLocation(target);
  return new Promise<never>(() => {});
}

/**
 * Runs before every navigation (the root route always revalidates):
 * 1. when a newer build was deployed, the navigation becomes a full page load of its target,
 *    only while online and the server answers with that newer build (a page load in an outage
 *    would show the browser's error page instead of the app);
 * 2. the session is read (once; later navigations use the cache and refresh it when stale);
 * 3. the guard redirects before any page of the wrong audience renders;
 * 4. the sign-in and registration pages are not in the app: going there (by a link, the guard,
 *    a sign-out) is a full load of the sign-in document (sign-in-document.ts).
 */
export function createRootLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}${url.hash}`;
    if (versionStore.getState().updateReady) {
      const served = await reachableServerBuild();
      if (served && served.id !== versionStore.getState().currentId) return documentLoad(target);
    }
    const session = await queryClient.ensureQueryData({
      ...sessionQueryOptions,
      revalidateIfStale: true,
    });
    const redirectTo = resolveGuard(target, isSignedIn(session));
    const destination = redirectTo ?? target;
    if (signInPageAt(new URL(destination, url).pathname)) return documentLoad(destination);
    return redirectTo ? redirect(redirectTo) : null;
  };
}
