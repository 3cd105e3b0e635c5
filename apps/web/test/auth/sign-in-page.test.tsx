import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followSessionChanges } from '@/app/sign-in/sign-in-view';
import { replaceLocation } from '@/lib/browser-location';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderSignIn } from '../helpers/render-sign-in';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(replaceLocation).mockClear();
});

describe('the sign-in document', () => {
  it.each(['/public/login', '/public/login/', '/public/%6Cogin'])(
    'shows the sign-in page at %s to a signed-out visitor',
    async (path) => {
      fakeServer({});
      await renderSignIn(path);
      expect(screen.getByRole('heading', { name: 'Sign in to Confab' })).toBeInTheDocument();
      expect(document.title).toBe('Sign in to Confab · Confab');
      expect(replaceLocation).not.toHaveBeenCalled();
    },
  );

  it('shows the registration page at /public/register', async () => {
    fakeServer({});
    await renderSignIn('/public/register?redirect=%2Fcontacts');
    expect(screen.getByRole('heading', { name: 'Create your Confab account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/public/login?redirect=%2Fcontacts',
    );
  });

  it('takes the redirect along to the registration page', async () => {
    fakeServer({});
    await renderSignIn('/public/login?redirect=%2Fcontacts%3Ftab%3Dadd');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/public/register?redirect=%2Fcontacts%3Ftab%3Dadd',
    );
    expect(screen.getByRole('link', { name: 'Confab' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-in visitor on to their redirect target, showing nothing', async () => {
    fakeServer({ session: alice });
    const { view } = await renderSignIn('/public/login?redirect=%2Fcontacts%3Ftab%3Dadd');
    expect(view).toBeNull();
    expect(replaceLocation).toHaveBeenCalledWith('/contacts?tab=add');
  });

  it('sends a signed-in visitor from the registration page to /confab', async () => {
    fakeServer({ session: alice });
    await renderSignIn('/public/register');
    expect(replaceLocation).toHaveBeenCalledWith('/confab');
  });

  it('treats a failed session read as signed out', async () => {
    fakeServer({
      routes: { 'GET /api/_auth/session': () => new Response('upstream down', { status: 502 }) },
    });
    await renderSignIn('/public/login');
    expect(screen.getByRole('heading', { name: 'Sign in to Confab' })).toBeInTheDocument();
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('reads the session again when a popup sign-in completes, and goes on', async () => {
    const server = fakeServer({});
    const { location } = await renderSignIn('/public/login?redirect=%2Fagents');
    const stop = followSessionChanges(location);
    try {
      // The popup signed in and raised the flag; this page hears it through `storage`.
      server.state.session = alice;
      act(() => {
        window.dispatchEvent(
          new StorageEvent('storage', { key: 'confab:login-complete', newValue: '1' }),
        );
      });
      await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/agents'));
    } finally {
      stop();
    }
  });

  it('reads the session again when the page comes back from the back-forward cache', async () => {
    const server = fakeServer({});
    const { location } = await renderSignIn('/public/login');
    const stop = followSessionChanges(location);
    try {
      server.state.session = alice;
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      });
      await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/confab'));
    } finally {
      stop();
    }
  });
});
