import { screen } from '@testing-library/react';
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

/** The registration page as the sign-in document shows it: no router, no query client. */
async function openRegister(path = '/public/register') {
  const page = await renderSignIn(path);
  await screen.findByRole('heading', { name: 'Create your Confab account' });
  return page;
}

async function fillIn(
  user: Awaited<ReturnType<typeof renderSignIn>>['user'],
  values: { username?: string; email?: string; password?: string },
) {
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('E-mail'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const conflict = (field: 'username' | 'email') =>
  json(
    {
      statusCode: 409,
      code: 'CONFLICT',
      message: `That ${field} is taken`,
      fields: { [field]: `That ${field} is taken` },
    },
    409,
  );

describe('registration form', () => {
  it('checks each field before sending anything', async () => {
    const server = fakeServer({});
    const { user } = await openRegister();
    await fillIn(user, { username: 'bad name!', email: 'not-an-address', password: 'short' });
    expect(
      await screen.findByText(
        'Username may contain only letters, digits, underscore, dot and hyphen',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(server.calls('POST /api/_auth/register')).toHaveLength(0);
  });

  it('names empty fields and a username over 32 characters', async () => {
    fakeServer({});
    const { user } = await openRegister();
    await fillIn(user, { username: 'a'.repeat(33) });
    expect(await screen.findByText('Username must be at most 32 characters')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows a taken username at the username field', async () => {
    fakeServer({ routes: { 'POST /api/_auth/register': () => conflict('username') } });
    const { user } = await openRegister();
    await fillIn(user, { username: 'alice', email: 'new@example.com', password: 'long-enough' });
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
  });

  it('shows a taken e-mail address at the e-mail field', async () => {
    fakeServer({ routes: { 'POST /api/_auth/register': () => conflict('email') } });
    const { user } = await openRegister();
    await fillIn(user, { username: 'newbie', email: 'alice@example.com', password: 'long-enough' });
    expect(
      await screen.findByText('An account with this e-mail address already exists'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it("shows the server's own field messages for a validation error", async () => {
    fakeServer({
      routes: {
        'POST /api/_auth/register': () =>
          json(
            {
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              message: 'Invalid body',
              fields: { email: 'This e-mail domain is not accepted' },
            },
            400,
          ),
      },
    });
    const { user } = await openRegister();
    await fillIn(user, { username: 'newbie', email: 'n@example.com', password: 'long-enough' });
    expect(await screen.findByText('This e-mail domain is not accepted')).toBeInTheDocument();
  });

  it('signs the new user in and opens /confab', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/_auth/register': () => {
          server.state.session = alice;
          return json(alice, 201);
        },
      },
    });
    const { user } = await openRegister();
    await fillIn(user, { username: 'alice', email: 'alice@example.com', password: 'long-enough' });
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/confab'));
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(server.calls('POST /api/_auth/register')[0]?.body).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'long-enough',
    });
  });

  it('ends where the visitor was going when the sign-in page sent them here', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/_auth/register': () => {
          server.state.session = alice;
          return json(alice, 201);
        },
      },
    });
    const { user } = await openRegister('/public/register?redirect=%2Fcontacts%3Ftab%3Dadd');
    await fillIn(user, { username: 'alice', email: 'alice@example.com', password: 'long-enough' });
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/contacts?tab=add'));
  });
});
