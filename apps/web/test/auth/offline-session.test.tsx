import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as browserLocation from '@/lib/browser-location';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', async (original) => ({
  ...(await original<typeof browserLocation>()),
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
}));

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(assignLocation).mockClear();
});

describe('a page loaded while the server is out of reach', () => {
  it('opens the app of the account last signed in on this device', async () => {
    // Signed in once, online.
    fakeServer({ session: alice });
    const online = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });
    online.unmount();

    // The reload happens offline: no answer to the session read.
    fakeServer({ routes: { 'GET /api/_auth/session': unreachable } });
    await renderApp('/contacts');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('goes to the sign-in page when the server says the session ended, even offline later', async () => {
    fakeServer({ session: alice });
    const online = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });
    online.unmount();
    // The server answers: nobody is signed in any more.
    fakeServer({});
    const ended = await renderApp('/contacts');
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/public/login?redirect=%2Fcontacts'),
    );
    ended.unmount();
    vi.mocked(assignLocation).mockClear();

    fakeServer({ routes: { 'GET /api/_auth/session': unreachable } });
    await renderApp('/contacts');
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Contacts' })).not.toBeInTheDocument();
  });

  it('never opens an account’s app for a server error that is an answer', async () => {
    fakeServer({ session: alice });
    const online = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });
    online.unmount();
    fakeServer({
      routes: {
        'GET /api/_auth/session': () =>
          json({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in' }, 401),
      },
    });
    await renderApp('/contacts');
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalled());
  });
});
