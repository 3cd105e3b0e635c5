import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderSignIn } from '../helpers/render-sign-in';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
});

/** The sign-in page as its own document shows it: no router, no query client. */
async function openLogin(path = '/public/login') {
  const page = await renderSignIn(path);
  await screen.findByRole('heading', { name: 'Sign in to Confab' });
  return page;
}

describe('sign-in form', () => {
  it('names its fields and button for assistive technology', async () => {
    fakeServer({});
    await openLogin();
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says which fields are missing and sends nothing', async () => {
    const server = fakeServer({});
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username or e-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username or e-mail')).toHaveFocus();
    expect(server.calls('POST /api/_auth/login')).toHaveLength(0);
  });

  it('shows the server saying the username or password is wrong', async () => {
    fakeServer({
      routes: {
        'POST /api/_auth/login': () =>
          json(
            { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Invalid username or password' },
            401,
          ),
      },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('tells a rate-limited visitor to wait', async () => {
    fakeServer({
      routes: {
        'POST /api/_auth/login': () =>
          json({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests' }, 429),
      },
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('signs in and goes on to the page the visitor asked for', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/_auth/login': () => {
          server.state.session = alice;
          return json(alice);
        },
      },
    });
    const { user } = await openLogin('/public/login?redirect=%2Fcontacts%3Ftab%3Dadd');
    await user.type(screen.getByLabelText('Username or e-mail'), '  alice  ');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // A full load of the target: the app starts afresh for the account now signed in.
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/contacts?tab=add'));
    // The button stays busy while the browser leaves the page.
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    // Back from the back-forward cache, the form is usable again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(server.calls('POST /api/_auth/login')[0]?.body).toEqual({
      username: 'alice',
      password: 'secret-password',
    });
  });

  it('goes to /confab instead of an off-site redirect', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/_auth/login': () => {
          server.state.session = alice;
          return json(alice);
        },
      },
    });
    const { user } = await openLogin('/public/login?redirect=%2F%2Fevil.com');
    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/confab'));
    expect(assignLocation).toHaveBeenCalledTimes(1);
  });
});
