import { isSignedIn } from '@/lib/auth/session-shape';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { declareAccount } from '@/lib/account-storage/account-storage';
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
 * 3. signed in, the browser's stores start switching to the account (the page's own stores wait
 *    for it): with the session known, not once the page's code has come and the root layout
 *    rendered. The root layout declares the account again, which changes nothing, and shows the
 *    switch's question about data found on this browser, if it asks one; this never waits;
 * 4. the guard redirects before any page of the wrong audience renders;
 * 5. the sign-in and registration pages are not in the app: going there (by a link, the guard,
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
    // A page serving another account answers 'reload': the root layout reloads it.
    if (isSignedIn(session)) declareAccount(session.user.id);
    const redirectTo = resolveGuard(target, isSignedIn(session));
    const destination = redirectTo ?? target;
    if (signInPageAt(new URL(destination, url).pathname)) return documentLoad(destination);
    return redirectTo ? redirect(redirectTo) : null;
  };
}
