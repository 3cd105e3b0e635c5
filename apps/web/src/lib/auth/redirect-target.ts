import { limits } from '@confab/protocol/limits';
import { paths } from '../paths';

const probeOrigin = 'https://confab.invalid';

/**
 * The `redirect` target after login, or null when it could leave the site. Only a path of this
 * site is accepted: it starts with one `/` (`//host` and `/\host` are other hosts to a
 * browser), holds no backslash, whitespace or control character (browsers drop or turn these
 * into `/`), is at most 500 characters (docs/product.md#guard), and resolves to this origin.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > limits.maxUrlLength) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    return new URL(raw, probeOrigin).origin === probeOrigin ? raw : null;
  } catch {
    return null;
  }
}

/** Where a visitor goes after signing in: the page's `redirect` query when safe, else home. */
export function postLoginTarget(search: string): string {
  return safeRedirectPath(new URLSearchParams(search).get('redirect')) ?? paths.home;
}

/** The login page, asked to come back to `pathWithQuery` afterwards. */
export function loginPathFor(pathWithQuery: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(pathWithQuery)}`;
}
