import { loginPathFor, postLoginTarget } from '@/lib/auth/redirect-target';
import { normalizePathname } from '@confab/protocol/sign-in-document';
import { paths, protectedPaths, publicPaths } from '@/lib/paths';

/**
 * Public paths a signed-in visitor may stay on: /public/logins must run to close the sign-in
 * popup, and the component preview is as useful signed in as signed out.
 */
const openWhenSignedIn: ReadonlySet<string> = new Set([paths.logins, paths.preview]);

function splitPath(pathWithQuery: string): { pathname: string; search: string } {
  const hashAt = pathWithQuery.indexOf('#');
  const withoutHash = hashAt === -1 ? pathWithQuery : pathWithQuery.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  return queryAt === -1
    ? { pathname: withoutHash, search: '' }
    : { pathname: withoutHash.slice(0, queryAt), search: withoutHash.slice(queryAt) };
}

/**
 * The navigation guard (docs/product.md#guard): where to send a visitor instead of `pathWithQuery`,
 * or null to let them through.
 * - Public paths are open to all; a signed-in visitor goes on to /confab, or, on the login and
 *   register pages, to their safe `redirect` target (so a login completes where it started).
 * - Every other known path needs login: others go to the login page, which brings them back.
 * - Unknown paths pass, so the router shows the 404 page to everyone.
 */
export function resolveGuard(pathWithQuery: string, signedIn: boolean): string | null {
  const { pathname, search } = splitPath(pathWithQuery);
  const path = normalizePathname(pathname);
  if (publicPaths.has(path)) {
    if (!signedIn || openWhenSignedIn.has(path)) return null;
    if (path !== paths.login && path !== paths.register) return paths.home;
    const target = postLoginTarget(search);
    // A target that would send a signed-in visitor on again (`/`, the login page) ends at home.
    const targetPath = normalizePathname(splitPath(target).pathname);
    return publicPaths.has(targetPath) && !openWhenSignedIn.has(targetPath) ? paths.home : target;
  }
  if (!protectedPaths.has(path)) return null;
  return signedIn ? null : loginPathFor(pathWithQuery);
}
