import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as browserLocation from '@/lib/browser-location';
import { replaceLocation } from '@/lib/browser-location';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', async (original) => ({
  ...(await original<typeof browserLocation>()),
  replaceLocation: vi.fn(),
}));

describe('session lifecycle', () => {
  it('logs out from the user menu and loads the login page afresh', async () => {
    const server = fakeServer({ session: alice });
    const { user } = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as alice')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    // A full load: nothing this page holds in memory (replies, chats, settings) outlives alice,
    // and until it comes the page shows nothing of her.
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/public/login'));
    // The device no longer opens her app offline.
    expect(localStorage.getItem('confab:known-session')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contacts' })).not.toBeInTheDocument();
    expect(server.calls('DELETE /api/_auth/session')).toHaveLength(1);
  });

  it("withdraws this device's Web Push subscription, so the next person here gets none of the last one's messages", async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        'DELETE /api/push/subscriptions': () => json({ statusCode: 200, data: { ok: true } }),
      },
    });
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://push.example/device-1', unsubscribe };
    // jsdom has no service worker nor push: this device's, with a push subscription.
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => subscription },
        }),
      },
    });
    try {
      const { user } = await renderApp('/contacts');
      await screen.findByRole('heading', { name: 'Contacts' });
      await user.click(screen.getByRole('button', { name: 'User menu' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
      await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/public/login'));
      const withdrawn = server.calls('DELETE /api/push/subscriptions');
      expect(withdrawn).toHaveLength(1);
      expect(withdrawn[0]!.body).toEqual({ endpoint: 'https://push.example/device-1' });
      expect(unsubscribe).toHaveBeenCalled();
      // Withdrawn while the session still holds: the server only removes its own user's.
      const order = server.requests.map((r) => `${r.method} ${r.path}`);
      expect(order.indexOf('DELETE /api/push/subscriptions')).toBeLessThan(
        order.indexOf('DELETE /api/_auth/session'),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.unstubAllGlobals();
    }
  });

  it('stays signed in and says so when logging out fails', async () => {
    fakeServer({
      session: alice,
      routes: {
        'DELETE /api/_auth/session': () =>
          json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal error' }, 500),
      },
    });
    const { user, location } = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Could not log out. Please try again.')).toBeInTheDocument();
    expect(location()).toBe('/contacts');
  });

  it('reads the session again when a popup sign-in completes', async () => {
    const server = fakeServer({});
    const { location } = await renderApp('/');
    await screen.findByRole('link', { name: 'Create an account' });
    // The page's listeners are attached in effects, which may still be due when the link shows.
    await act(() => Promise.resolve());

    // The popup signed in and raised the flag; the opener hears it through `storage`.
    server.state.session = alice;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'confab:login-complete', newValue: '1' }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, alice' })).toBeInTheDocument();
    expect(location()).toBe('/confab');
  });

  it('reads the session again when the page comes back from the back-forward cache', async () => {
    const server = fakeServer({ session: alice });
    await renderApp('/test');
    await screen.findByRole('heading', { name: 'Test page' });
    await act(() => Promise.resolve());
    const before = server.calls('GET /api/_auth/session').length;

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await vi.waitFor(() => expect(server.calls('GET /api/_auth/session')).toHaveLength(before + 1));
  });

  it('opens the popup sign-in window at 960x600 and completes in /public/logins', async () => {
    fakeServer({ session: alice });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderApp('/test');
    await user.click(
      await screen.findByRole('button', { name: 'Sign in again in a pop-up window' }),
    );
    expect(open).toHaveBeenCalledWith(
      '/public/login?redirect=%2Fpublic%2Flogins',
      'confab-login',
      'width=960,height=600',
    );
    expect(screen.getByText('The browser blocked the pop-up window.')).toBeInTheDocument();
  });

  it('raises the completion flag and closes the popup on /public/logins', async () => {
    fakeServer({ session: alice });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    // This page was opened by another window.
    Object.defineProperty(window, 'opener', { value: window, configurable: true });
    try {
      await renderApp('/public/logins');
      expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
      expect(localStorage.getItem('confab:login-complete')).not.toBeNull();
      expect(close).toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    }
  });
});
