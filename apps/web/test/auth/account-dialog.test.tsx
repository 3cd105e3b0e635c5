import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
});

async function openAccount(server: ReturnType<typeof fakeServer>) {
  const app = await renderApp('/contacts');
  await screen.findByRole('heading', { name: 'Contacts' });
  await app.user.click(screen.getByRole('button', { name: 'User menu' }));
  await app.user.click(await screen.findByRole('menuitem', { name: 'Account and security' }));
  const dialog = await screen.findByRole('dialog', { name: 'Account and security' });
  return { ...app, server, dialog: within(dialog) };
}

// The first test loads the lazy page and dialog chunks; typing passwords takes a while in jsdom.
describe('account and security', { timeout: 30_000 }, () => {
  it('checks the fields before sending anything', async () => {
    const server = fakeServer({ session: alice });
    const { user, dialog } = await openAccount(server);
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(dialog.getByText('Enter your current password')).toBeInTheDocument();
    expect(dialog.getByLabelText('Current password')).toHaveFocus();
    expect(dialog.getByText('The new password needs at least 8 characters')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Current password'), 'same password');
    await user.type(dialog.getByLabelText('New password'), 'same password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(
      dialog.getByText('The new password must differ from the current one'),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('New password'));
    await user.type(dialog.getByLabelText('New password'), 'a new password');
    await user.type(dialog.getByLabelText('Repeat the new password'), 'another one');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(dialog.getByText('The two new passwords are not the same')).toBeInTheDocument();
    expect(server.calls('POST /api/_auth/password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field', async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        'POST /api/_auth/password': () =>
          json(
            {
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              message: 'The current password is wrong',
              fields: { currentPassword: 'The current password is wrong' },
            },
            400,
          ),
      },
    });
    const { user, dialog } = await openAccount(server);
    await user.type(dialog.getByLabelText('Current password'), 'not it');
    await user.type(dialog.getByLabelText('New password'), 'a new password');
    await user.type(dialog.getByLabelText('Repeat the new password'), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(await dialog.findByText('The current password is wrong')).toBeInTheDocument();
    expect(dialog.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the password and says how many other sessions ended', async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        'POST /api/_auth/password': () =>
          json({ ...alice, loggedInAt: '2025-01-02T10:00:00.000Z', endedSessions: 2 }),
      },
    });
    const { user, dialog, location } = await openAccount(server);
    await user.type(dialog.getByLabelText('Current password'), 'old password');
    await user.type(dialog.getByLabelText('New password'), 'a new password');
    await user.type(dialog.getByLabelText('Repeat the new password'), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Password changed. 2 other sessions were signed out.',
    );
    expect(server.calls('POST /api/_auth/password')[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a new password',
    });
    expect(dialog.getByLabelText('Current password')).toHaveValue('');
    expect(location()).toBe('/contacts');
  });

  it('signs out everywhere after a confirmation and lands on the login page', async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        'DELETE /api/_auth/sessions': () => {
          server.state.session = {};
          return json({ ok: true, endedSessions: 3 });
        },
      },
    });
    const { user, dialog } = await openAccount(server);
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(server.calls('DELETE /api/_auth/sessions')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/public/login'));
    expect(server.calls('DELETE /api/_auth/sessions')).toHaveLength(1);
  });
});
