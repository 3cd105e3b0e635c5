/**
 * The sign-in and registration pages are a document of their own (the web app's sign-in.html,
 * without its router): the server answers a page request for these paths with it, and the web
 * app turns a navigation to them into a document load. Both read a path the same way, here.
 */
export const signInDocumentPaths = {
  login: '/public/login',
  register: '/public/register',
} as const;

export type SignInPage = keyof typeof signInDocumentPaths;

/**
 * A pathname as the web app's router and guard match it: each segment percent-decoded (a decoded
 * `/` stays `%2F`), leading slashes collapsed, trailing slashes dropped. Without this,
 * `/contacts/` or `/%63ontacts` would render the contacts page while the guard saw an unknown
 * path.
 */
export function normalizePathname(pathname: string): string {
  const decoded = pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
  return decoded.replace(/\/+$/, '').replace(/^\/*/, '/');
}

/** The page of the sign-in document at `pathname` (query and hash ignored), or null. */
export function signInPageAt(pathname: string): SignInPage | null {
  const path = normalizePathname(pathname.split(/[?#]/, 1)[0] ?? '');
  if (path === signInDocumentPaths.login) return 'login';
  if (path === signInDocumentPaths.register) return 'register';
  return null;
}
