import { act, screen } from '@testing-library/react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/app/layouts/root-layout';
import { readStoredPreference } from '@/lib/color-mode/color-mode';
import { colorModeStore } from '@/lib/color-mode/color-mode-store';
import { alice, fakeServer } from '../helpers/fake-server';
import { systemDark } from '../helpers/match-media';
import { renderApp } from '../helpers/render-app';

const html = document.documentElement;

beforeEach(() => {
  systemDark.set(false);
  colorModeStore.getState().setPreference('system');
  colorModeStore.getState().force(null);
  localStorage.clear();
});

afterEach(() => {
  colorModeStore.getState().force(null);
});

async function openPicker() {
  fakeServer({ session: alice });
  const app = await renderApp('/agents/header/colorMode');
  await screen.findByRole('heading', { name: 'Colour mode' });
  return app;
}

describe('colour mode', () => {
  it('offers System, Light and Dark in a group named "Colour mode"', async () => {
    await openPicker();
    const group = screen.getByRole('radiogroup', { name: 'Colour mode' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
  });

  it('applies and remembers a chosen mode', async () => {
    const { user } = await openPicker();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('confab:color-mode')).toBe('dark');
    // What the next page load starts from.
    expect(readStoredPreference()).toBe('dark');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('confab:color-mode')).toBe('light');
  });

  it('follows the operating system live while the preference is System', async () => {
    const { user } = await openPicker();
    const inUse = () => screen.getByText('Mode in use').nextElementSibling;
    expect(inUse()).toHaveTextContent('Light');

    act(() => systemDark.set(true));
    expect(html).toHaveClass('dark');
    expect(inUse()).toHaveTextContent('Dark');

    act(() => systemDark.set(false));
    expect(html).not.toHaveClass('dark');

    // A fixed choice no longer follows the system.
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    act(() => systemDark.set(true));
    expect(html).not.toHaveClass('dark');
  });

  it('lets a route force a mode while it is shown', async () => {
    fakeServer({ session: alice });
    const routes = (): RouteObject[] => [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/test',
            element: <Link to="/test/draggable">plain page</Link>,
          },
          {
            path: '/test/draggable',
            handle: { colorMode: 'dark' },
            element: (
              <>
                <p>forced page</p>
                <Link to="/test">back</Link>
                <Outlet />
              </>
            ),
          },
        ],
      },
    ];
    const { user } = await renderApp('/test', { routes });
    await user.click(await screen.findByRole('link', { name: 'plain page' }));
    await screen.findByText('forced page');
    expect(html).toHaveClass('dark');
    expect(colorModeStore.getState().preference).toBe('system');

    await user.click(screen.getByRole('link', { name: 'back' }));
    await screen.findByRole('link', { name: 'plain page' });
    expect(html).not.toHaveClass('dark');
  });

  it('refuses to force "system" with a warning and keeps the mode', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    colorModeStore.getState().setPreference('dark');
    fakeServer({ session: alice });
    const routes = (): RouteObject[] => [
      {
        element: <RootLayout />,
        children: [{ path: '/test', handle: { colorMode: 'system' }, element: <p>page</p> }],
      },
    ];
    await renderApp('/test', { routes });
    await screen.findByText('page');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be forced'));
    expect(colorModeStore.getState().forcedValue).toBeNull();
    expect(html).toHaveClass('dark');
  });
});
