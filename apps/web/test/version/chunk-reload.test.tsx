import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '@/app/error-pages/route-error-page';
import { lazyRoute } from '@/app/router/lazy-route';
import { setNavigationTargetSource } from '@/app/router/navigation-target';
import { assignLocation } from '@/lib/browser-location';
import { claimChunkReload, isChunkLoadError } from '@/lib/version/chunk-reload';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', () => ({ assignLocation: vi.fn(), reloadPage: vi.fn() }));

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/contacts-page-1a2b.js');

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
});

describe('chunk reload throttle', () => {
  it('allows one reload per path within 10 s', () => {
    const start = 1_000_000;
    expect(claimChunkReload('/contacts', start)).toBe(true);
    expect(claimChunkReload('/contacts', start + 9_999)).toBe(false);
    expect(claimChunkReload('/agents', start + 5_000)).toBe(true);
    expect(claimChunkReload('/contacts', start + 10_000)).toBe(true);
  });

  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('a page whose chunk fails to load', () => {
  const routes = (): RouteObject[] => [
    {
      path: '/contacts',
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <p>loading</p>,
      lazy: lazyRoute(() => Promise.reject(chunkError())),
    },
  ];

  it('reloads once at its own address, then shows the 500 page', async () => {
    setNavigationTargetSource(() => ({ pathname: '/contacts', search: '?tab=add', hash: '' }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const first = await renderApp('/contacts?tab=add', { routes });
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/contacts?tab=add'));
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
    first.unmount();

    // The reloaded page fails again within 10 s: no second reload, the error page instead.
    await renderApp('/contacts?tab=add', { routes });
    expect(
      await screen.findByRole('heading', { name: 'Internal Server Error' }),
    ).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(assignLocation).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('shows the 500 page at once for an error that is not a missing chunk', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp('/broken', {
      routes: () => [
        {
          path: '/broken',
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <p>loading</p>,
          lazy: lazyRoute(() => Promise.reject(new Error('boom'))),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Internal Server Error' }),
    ).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
