import { paths } from '@/lib/paths';
import { normalizePathname } from './resolve-guard';

export type SignInPage = 'login' | 'register';

/**
 * The page of the sign-in document at `pathname`, as the guard normalises it, or null. The
 * sign-in and registration pages are a page of their own (sign-in.html, src/sign-in-main.tsx,
 * without the router); the server answers a document request for these two paths with it
 * (apps/server/src/plugins/web-app.ts), and the app's router turns a navigation to them into a
 * document load (root-loader.ts).
 */
export function signInPageAt(pathname: string): SignInPage | null {
  const path = normalizePathname(pathname);
  if (path === paths.login) return 'login';
  if (path === paths.register) return 'register';
  return null;
}
