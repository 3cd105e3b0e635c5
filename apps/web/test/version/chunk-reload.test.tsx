import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '@/app/error-pages/route-error-page';
import { lazyRoute } from '@/app/router/lazy-route';
import { setNavigationTargetSource } from '@/app/router/navigation-target';
import { assignLocation } from '@/lib/browser-location';
import { fetchPanelCodeWith, preloadable } from '@/lib/preloadable';
import { claimChunkReload, isChunkLoadError } from '@/lib/version/chunk-reload';
import { fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', () => ({ assignLocation: vi.fn(), reloadPage: vi.fn() }));

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/contacts-page-1a2b.js');

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

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

  it('reloads once at its own address when the server serves a new build, then shows the 500 page', async () => {
    fakeServer({
      routes: { 'GET /builds/latest.json': () => json({ id: 'build-2', timestamp: 2 }) },
    });
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

  it('stays in the app while offline, and loads the page once the server answers again', async () => {
    setOnline(false);
    const server = fakeServer({
      routes: { 'GET /builds/latest.json': () => json({ id: 'test-build', timestamp: 1 }) },
    });
    setNavigationTargetSource(() => ({ pathname: '/contacts', search: '', hash: '' }));
    let attempts = 0;
    await renderApp('/contacts', {
      routes: () => [
        {
          path: '/contacts',
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <p>loading</p>,
          lazy: lazyRoute(async () => {
            attempts += 1;
            if (attempts === 1) throw chunkError();
            return { Component: () => <h1>Contacts page</h1> };
          }),
        },
      ],
    });
    expect(await screen.findByText('loading')).toBeInTheDocument();
    // Offline, the server is not even asked, and nothing reloads the page.
    expect(server.calls('GET /builds/latest.json')).toHaveLength(0);
    expect(assignLocation).not.toHaveBeenCalled();

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Contacts page' })).toBeInTheDocument();
    // The server still serves this build: the chunk is fetched again, not the whole page.
    expect(assignLocation).not.toHaveBeenCalled();
    expect(attempts).toBe(2);
  });

  it('does not reload while the server does not answer', async () => {
    setOnline(true);
    const server = fakeServer({
      routes: { 'GET /builds/latest.json': () => new Response('Bad Gateway', { status: 502 }) },
    });
    setNavigationTargetSource(() => ({ pathname: '/contacts', search: '', hash: '' }));
    await renderApp('/contacts', { routes });
    await vi.waitFor(() => expect(server.calls('GET /builds/latest.json')).toHaveLength(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });
});

describe('a panel whose code fails to load', () => {
  afterEach(() => fetchPanelCodeWith((load) => load));

  it('reloads the page at its address when the server serves a new build, as a page does', async () => {
    setOnline(true);
    fakeServer({
      routes: { 'GET /builds/latest.json': () => json({ id: 'build-2', timestamp: 2 }) },
    });
    setNavigationTargetSource(() => ({ pathname: '/agents/mindBox', search: '', hash: '' }));
    fetchPanelCodeWith(lazyRoute);
    const Panel = preloadable<object>(() => Promise.reject(chunkError()));
    void Panel.load();
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/agents/mindBox'));
  });

  it('is fetched again once the server answers with the same build, without a reload', async () => {
    setOnline(true);
    fakeServer({
      routes: { 'GET /builds/latest.json': () => json({ id: 'test-build', timestamp: 1 }) },
    });
    fetchPanelCodeWith(lazyRoute);
    let attempts = 0;
    const Panel = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw chunkError();
      return () => <p>Panel</p>;
    });
    await Panel.load();
    expect(attempts).toBe(2);
    expect(assignLocation).not.toHaveBeenCalled();
  });
});
