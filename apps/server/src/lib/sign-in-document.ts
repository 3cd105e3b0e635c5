const signInPaths: ReadonlySet<string> = new Set(['/public/login', '/public/register']);

/**
 * The path as the web app's guard reads it (normalizePathname in
 * apps/web/src/app/router/resolve-guard.ts): each segment percent-decoded (a decoded `/` stays
 * `%2F`), leading slashes collapsed, trailing slashes dropped.
 */
function guardPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  const decoded = raw
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

/**
 * Whether a page request for `url` gets the sign-in document (the web app's sign-in.html) rather
 * than index.html: the sign-in and registration pages, which the app itself loads as a document
 * (apps/web/src/app/router/sign-in-document.ts), so the two must agree on these paths.
 */
export function isSignInDocumentUrl(url: string): boolean {
  return signInPaths.has(guardPath(url));
}
