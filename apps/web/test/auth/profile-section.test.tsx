import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const profile = (displayName: string | null, avatarUrl: string | null = null) => ({
  userId: 'u-1',
  username: 'alice',
  displayName,
  avatarUrl,
});

async function openAccount(routes: Parameters<typeof fakeServer>[0]['routes']) {
  const server = fakeServer({
    session: alice,
    routes: { 'GET /api/_auth/profile': () => json(profile(null)), ...routes },
  });
  const app = await renderApp('/contacts');
  await screen.findByRole('heading', { name: 'Contacts' });
  await app.user.click(screen.getByRole('button', { name: 'User menu' }));
  await app.user.click(await screen.findByRole('menuitem', { name: 'Account and security' }));
  const dialog = await screen.findByRole('dialog', { name: 'Account and security' });
  return { ...app, server, dialog: within(dialog) };
}

describe('the profile in the account dialog', { timeout: 30_000 }, () => {
  it('saves a display name in any script, without bidi overrides', async () => {
    const { user, dialog, server } = await openAccount({
      'PUT /api/_auth/profile': () => json(profile('王小明 👩‍💻')),
    });
    const field = await dialog.findByLabelText('Display name');
    await user.type(field, '  王小明\u202E 👩‍💻 ');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByText('Display name saved.')).toBeInTheDocument();
    expect(server.calls('PUT /api/_auth/profile')[0]?.body).toEqual({ displayName: '王小明 👩‍💻' });
    expect(field).toHaveValue('王小明 👩‍💻');
  });

  it('refuses a name of invisible characters only, before sending it', async () => {
    const { user, dialog, server } = await openAccount({});
    await user.type(await dialog.findByLabelText('Display name'), '\u202E\u2066');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(dialog.getByText('Use at least one visible character')).toBeInTheDocument();
    expect(server.calls('PUT /api/_auth/profile')).toHaveLength(0);
  });

  it('removes the picture', async () => {
    const { user, dialog, server } = await openAccount({
      'GET /api/_auth/profile': () =>
        json(profile(null, '/api/chat-social-msg/users/a/avatar?v=1')),
      'DELETE /api/_auth/avatar': () => json(profile(null)),
    });
    await user.click(await dialog.findByRole('button', { name: 'Remove picture' }));
    expect(await dialog.findByText('Picture removed.')).toBeInTheDocument();
    expect(server.calls('DELETE /api/_auth/avatar')).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });
});
