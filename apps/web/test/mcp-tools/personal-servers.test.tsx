import type { SessionReply } from '@confab/protocol/auth';
import type { McpServer } from '@confab/protocol/mcp';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { config, server } from './fixtures';

const boss: SessionReply = {
  user: { id: 'u-2', username: 'boss', email: 'boss@example.com', role: 'admin' },
  loggedInAt: '2025-01-01T10:00:00.000Z',
};

const mine = server({
  key: 'my_tools',
  name: 'My tools',
  source: 'personal',
  transportType: 'streamable-http',
  transport: { type: 'streamable-http', url: 'https://mine.example/mcp', headers: {} },
});

function serve(
  servers: McpServer[],
  personal: { allowed: boolean; max: number; count: number },
  routes: Parameters<typeof fakeServer>[0]['routes'] = {},
  session = alice,
) {
  return fakeServer({
    session,
    routes: {
      'GET /api/mcp/init': () => json({ ...config(servers), personal }),
      'GET /api/mcp/tools': () => json({ tools: [] }),
      ...routes,
    },
  });
}

async function openTools() {
  const app = await renderApp('/agents/mindBox');
  await app.user.click(await screen.findByRole('button', { name: 'Tools' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tools (MCP servers)' });
  return { ...app, dialog };
}

describe('servers of their own', { timeout: 20_000 }, () => {
  it('offers no "add" while the policy is off', async () => {
    serve([server()], { allowed: false, max: 5, count: 0 });
    const { dialog } = await openTools();
    await within(dialog).findByRole('listitem', { name: 'Everything' });
    expect(within(dialog).queryByRole('button', { name: 'Add a server of your own' })).toBeNull();
  });

  it('lets a user add one, with a key starting with my_, and remove it', async () => {
    const calls = serve(
      [server(), mine],
      { allowed: true, max: 5, count: 1 },
      {
        'POST /api/mcp/personal/add': () =>
          json({ server: { ...mine, key: 'my_notes', name: 'my_notes' } }, 201),
        'POST /api/mcp/personal/remove': () => json({ ok: true }),
      },
    );
    const { dialog, user } = await openTools();
    const own = await within(dialog).findByRole('listitem', { name: 'My tools' });
    expect(own).toHaveTextContent('Yours');
    expect(within(own).queryByRole('button', { name: 'Deactivate' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add a server of your own' }));
    const form = await screen.findByRole('dialog', { name: 'Add a server of your own' });
    expect(form).toHaveTextContent('Only you see and use a server you add here.');
    expect(within(form).getByLabelText('Key')).toHaveValue('my_');
    expect(within(form).queryByLabelText('Users sign in with OAuth')).toBeNull();
    await user.type(within(form).getByLabelText('Key'), 'notes');
    await user.type(within(form).getByLabelText('URL'), 'https://notes.example/mcp');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(calls.calls('POST /api/mcp/personal/add')[0]?.body).toMatchObject({
      key: 'my_notes',
      transport: { type: 'streamable-http', url: 'https://notes.example/mcp' },
    });

    await user.click(within(own).getByRole('button', { name: 'Remove' }));
    expect(calls.calls('POST /api/mcp/personal/remove')[0]?.body).toEqual({ key: 'my_tools' });
  });

  it('hides "add" once the user has as many as allowed', async () => {
    serve([mine], { allowed: true, max: 1, count: 1 });
    const { dialog } = await openTools();
    await within(dialog).findByRole('listitem', { name: 'My tools' });
    expect(within(dialog).queryByRole('button', { name: 'Add a server of your own' })).toBeNull();
  });

  it('lets an administrator switch the policy', async () => {
    const calls = serve(
      [server()],
      { allowed: false, max: 5, count: 0 },
      {
        'POST /api/mcp/personal/policy': () => json({ allowed: true, max: 5, count: 0 }),
      },
      boss,
    );
    const { dialog, user } = await openTools();
    const policy = await within(dialog).findByRole('switch', {
      name: 'Users may add servers of their own',
    });
    expect(policy).toHaveAttribute('aria-checked', 'false');
    await user.click(policy);
    expect(calls.calls('POST /api/mcp/personal/policy')[0]?.body).toEqual({ allowed: true });
  });
});
