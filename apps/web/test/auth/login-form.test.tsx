import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

async function openLogin(path = '/public/login') {
  const app = await renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to Confab' });
  return app;
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
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(location()).toBe('/public/login');
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
    const { user, location } = await openLogin('/public/login?redirect=%2Fcontacts%3Ftab%3Dadd');
    await user.type(screen.getByLabelText('Username or e-mail'), '  alice  ');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(location()).toBe('/contacts?tab=add');
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
    const { user, location } = await openLogin('/public/login?redirect=%2F%2Fevil.com');
    await user.type(screen.getByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, alice' })).toBeInTheDocument();
    expect(location()).toBe('/confab');
  });
});
