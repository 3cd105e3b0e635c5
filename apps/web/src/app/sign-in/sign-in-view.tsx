import type { ReactElement } from 'react';
import { fetchSession } from '@/lib/auth/fetch-session';
import { isLoginCompleteEvent } from '@/lib/auth/popup-login';
import { isSignedIn } from '@/lib/auth/session-shape';
import { replaceLocation } from '@/lib/browser-location';
import { loadNamespaces } from '@/lib/i18n/i18n';
import { LoginPage } from '@/features/auth/routes/login-page';
import { RegisterPage } from '@/features/auth/routes/register-page';
import { resolveGuard } from '../router/resolve-guard';
import { signInPageAt } from '../router/sign-in-document';

interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** Reads the session and sends a signed-in visitor on; true when the page is being left. */
async function sendOnWhenSignedIn({ pathname, search, hash }: PageLocation): Promise<boolean> {
  const session = await fetchSession();
  const redirectTo = resolveGuard(`${pathname}${search}${hash}`, isSignedIn(session));
  if (redirectTo) replaceLocation(redirectTo);
  return redirectTo !== null;
}

/**
 * What the sign-in document shows at `location`: the registration page at /public/register,
 * else the sign-in page, once the session is read and the page's texts are loaded. A visitor
 * already signed in is sent on by the guard's rule (docs/product.md#guard) and sees nothing
 * (null) while the browser leaves.
 */
export async function signInView(location: PageLocation): Promise<ReactElement | null> {
  const [leaving] = await Promise.all([sendOnWhenSignedIn(location), loadNamespaces(['auth'])]);
  if (leaving) return null;
  return signInPageAt(location.pathname) === 'register' ? (
    <RegisterPage search={location.search} />
  ) : (
    <LoginPage search={location.search} />
  );
}

/**
 * Reads the session again when it may have changed behind the page's back, as the app does
 * (docs/product.md#session): the page came back from the back-forward cache, or a popup
 * sign-in finished. A visitor now signed in is sent on. Returns the function that stops it.
 */
export function followSessionChanges(location: PageLocation): () => void {
  const check = () => void sendOnWhenSignedIn(location);
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) check();
  };
  const onStorage = (event: StorageEvent) => {
    if (isLoginCompleteEvent(event)) check();
  };
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('storage', onStorage);
  };
}
