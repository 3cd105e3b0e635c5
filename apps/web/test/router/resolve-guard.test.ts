import { describe, expect, it } from 'vitest';
import { resolveGuard } from '@/app/router/resolve-guard';
import { postLoginTarget, safeRedirectPath } from '@/lib/auth/redirect-target';
import { paths, protectedPaths } from '@/lib/paths';

const login = (path: string) => `/public/login?redirect=${encodeURIComponent(path)}`;

describe('resolveGuard', () => {
  it.each(['/', '/public/login', '/public/register', '/public/logins', '/__preview'])(
    'lets a signed-out visitor open the public path %s',
    (path) => {
      expect(resolveGuard(path, false)).toBeNull();
    },
  );

  it.each(['/', '/public/login', '/public/register'])(
    'sends a signed-in visitor on %s to /confab',
    (path) => {
      expect(resolveGuard(path, true)).toBe('/confab');
    },
  );

  it('keeps a signed-in visitor on /public/logins so the popup can close itself', () => {
    expect(resolveGuard('/public/logins', true)).toBeNull();
  });

  it('keeps the component preview open to a signed-in visitor', () => {
    expect(resolveGuard('/__preview', true)).toBeNull();
  });

  it('sends a signed-in visitor on the login page to its safe redirect target', () => {
    expect(resolveGuard(login('/contacts?tab=add'), true)).toBe('/contacts?tab=add');
    expect(resolveGuard(login('//evil.com'), true)).toBe('/confab');
    expect(resolveGuard(login('/public/login'), true)).toBe('/confab');
    expect(resolveGuard(login('/public/logins'), true)).toBe('/public/logins');
  });

  it.each([...protectedPaths])('sends a signed-out visitor on %s to the login page', (path) => {
    expect(resolveGuard(path, false)).toBe(login(path));
    expect(resolveGuard(path, true)).toBeNull();
  });

  it('keeps the full original path with its query in the redirect', () => {
    expect(resolveGuard('/agents/mindBox?chat=42&x=a%20b', false)).toBe(
      '/public/login?redirect=%2Fagents%2FmindBox%3Fchat%3D42%26x%3Da%2520b',
    );
  });

  it('lets unknown paths through to the 404 page, signed in or not', () => {
    for (const signedIn of [false, true]) {
      expect(resolveGuard('/nowhere', signedIn)).toBeNull();
      expect(resolveGuard('/agents/unknown', signedIn)).toBeNull();
      // Paths are case-sensitive, like the router's.
      expect(resolveGuard('/CONTACTS', signedIn)).toBeNull();
    }
  });

  it('guards the spellings the router treats as the same page', () => {
    expect(resolveGuard('/contacts/', false)).toBe(login('/contacts/'));
    expect(resolveGuard('//contacts', false)).toBe(login('//contacts'));
    expect(resolveGuard('/%63ontacts', false)).toBe(login('/%63ontacts'));
    expect(resolveGuard('/public/login/', true)).toBe('/confab');
  });

  it('covers every route of the table', () => {
    expect([...protectedPaths].sort()).toEqual(
      Object.values(paths)
        .filter(
          (path) =>
            !['/', '/public/login', '/public/register', '/public/logins', '/__preview'].includes(
              path,
            ),
        )
        .sort(),
    );
  });
});

describe('safeRedirectPath', () => {
  it('accepts paths of this site', () => {
    expect(safeRedirectPath('/contacts')).toBe('/contacts');
    expect(safeRedirectPath('/agents/mindBox?x=1#end')).toBe('/agents/mindBox?x=1#end');
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['absolute', 'https://evil.com'],
    ['backslash', '/\\evil.com'],
    ['tab inside', '/\t/evil.com'],
    ['scheme', 'javascript:alert(1)'],
    ['relative', 'contacts'],
    ['empty', ''],
  ])('refuses a %s target', (_kind, target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it('refuses a target longer than 500 characters', () => {
    const long = `/${'a'.repeat(500)}`;
    expect(long.length).toBe(501);
    expect(safeRedirectPath(long)).toBeNull();
    expect(safeRedirectPath(long.slice(0, 500))).toBe(long.slice(0, 500));
  });

  it('falls back to /confab after login when the redirect is missing or unsafe', () => {
    expect(postLoginTarget('')).toBe('/confab');
    expect(postLoginTarget('?redirect=https%3A%2F%2Fevil.com')).toBe('/confab');
    expect(postLoginTarget('?redirect=%2Fcontacts')).toBe('/contacts');
  });
});
