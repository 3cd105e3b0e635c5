import type { McpServer } from '@confab/protocol/mcp';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { config, server } from './fixtures';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

const hosted = (overrides: Partial<McpServer> = {}) =>
  server({
    key: 'hosted',
    name: 'Hosted tools',
    source: 'admin',
    transportType: 'streamable-http',
    status: 'error',
    error: 'Connect your account to use this server',
    toolCount: null,
    auth: null,
    connection: 'needs-connect',
    ...overrides,
  });

function serve(servers: McpServer[], routes: Parameters<typeof fakeServer>[0]['routes'] = {}) {
  return fakeServer({
    session: alice,
    routes: {
      'GET /api/mcp/init': () => json(config(servers)),
      'GET /api/mcp/tools': () => json({ tools: [] }),
      ...routes,
    },
  });
}

async function openTools(path = '/agents/mindBox') {
  const app = await renderApp(path);
  if (!path.includes('mcpOAuth')) {
    await app.user.click(await screen.findByRole('button', { name: 'Tools' }));
  }
  const dialog = await screen.findByRole('dialog', { name: 'Tools (MCP servers)' });
  return { ...app, dialog };
}

describe('signing in to a server with OAuth', { timeout: 20_000 }, () => {
  beforeEach(() => vi.mocked(assignLocation).mockClear());

  it('shows "Connect" until the user connects, and sends them to sign in', async () => {
    const calls = serve([hosted()], {
      'POST /api/mcp/oauth/start': () =>
        json({ authorizationUrl: 'https://auth.example.com/authorize?state=s' }),
    });
    const { dialog, user } = await openTools();
    const card = await within(dialog).findByRole('listitem', { name: 'Hosted tools' });
    expect(card).toHaveTextContent('Not connected');
    expect(card).toHaveTextContent("Connect your account to use this server's tools.");
    // The server's own error text is not repeated in an error box.
    expect(within(card).queryByText('Connect your account to use this server')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(calls.calls('POST /api/mcp/oauth/start')[0]?.body).toEqual({ key: 'hosted' });
    expect(assignLocation).toHaveBeenCalledWith('https://auth.example.com/authorize?state=s');
  });

  it('says why a sign-in could not start', async () => {
    serve([hosted()], {
      'POST /api/mcp/oauth/start': () =>
        json(
          {
            statusCode: 502,
            code: 'BAD_GATEWAY',
            message:
              'Could not sign in to the MCP server: The authorization server did not answer within 10000 ms',
          },
          502,
        ),
    });
    const { dialog, user } = await openTools();
    const card = await within(dialog).findByRole('listitem', { name: 'Hosted tools' });
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The sign-in could not start')).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('offers "Connect again" when the sign-in expired', async () => {
    serve([hosted({ connection: 'expired', error: 'expired' })]);
    const { dialog } = await openTools();
    const card = await within(dialog).findByRole('listitem', { name: 'Hosted tools' });
    expect(card).toHaveTextContent('Sign-in expired');
    expect(within(card).getByRole('button', { name: 'Connect again' })).toBeEnabled();
  });

  it('lets a connected user disconnect', async () => {
    const calls = serve([hosted({ connection: 'connected', status: 'connected', error: null })], {
      'POST /api/mcp/oauth/disconnect': () => json({ connection: 'needs-connect', revoked: true }),
    });
    const { dialog, user } = await openTools();
    const card = await within(dialog).findByRole('listitem', { name: 'Hosted tools' });
    expect(card).toHaveTextContent('Your account is connected.');
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    expect(calls.calls('POST /api/mcp/oauth/disconnect')[0]?.body).toEqual({ key: 'hosted' });
    expect(await screen.findByText('Disconnected from Hosted tools')).toBeInTheDocument();
  });

  it('opens the settings with the outcome when the browser comes back', async () => {
    serve([hosted({ connection: 'connected', status: 'connected', error: null })]);
    const { dialog } = await openTools('/agents/mindBox?mcpOAuth=connected&mcpOAuthServer=hosted');
    expect(dialog).toHaveTextContent('Your account on hosted is connected');
  });

  it("words a failed sign-in's reason code itself", async () => {
    serve([hosted()]);
    const { dialog } = await openTools(
      '/agents/mindBox?mcpOAuth=failed&mcpOAuthServer=hosted&mcpOAuthError=denied',
    );
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Signing in to hosted failed');
    expect(alert).toHaveTextContent(
      'The sign-in was declined. Connect again to allow Confab access.',
    );
  });

  it('never shows text a crafted link carries, and names only servers the user has', async () => {
    serve([hosted()]);
    const crafted = 'Your account is locked: call +1 555 0100 to unlock it';
    const { dialog } = await openTools(
      `/agents/mindBox?mcpOAuth=failed&mcpOAuthServer=${encodeURIComponent('Confab support')}&mcpOAuthError=${encodeURIComponent(crafted)}`,
    );
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Signing in to the server failed');
    expect(alert).toHaveTextContent('The sign-in did not complete; try again.');
    expect(dialog).not.toHaveTextContent(crafted);
    expect(dialog).not.toHaveTextContent('Confab support');
  });

  it('explains a return without a Confab session (an installed app, another browser)', async () => {
    serve([hosted()]);
    const { dialog } = await openTools('/agents/mindBox?mcpOAuth=failed&mcpOAuthError=session');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Signing in to the server failed');
    expect(alert).toHaveTextContent('You were not signed in to Confab in the browser');
  });
});

describe('OAuth settings of a server (administrators)', () => {
  it('are part of the server form, and the secret is never shown', async () => {
    const { checkServerForm, formValuesFrom } =
      await import('@/features/mcp-tools/lib/server-form');
    const values = formValuesFrom(
      hosted({
        transport: { type: 'streamable-http', url: 'https://h.example/mcp', headers: {} },
        auth: { type: 'oauth', clientId: 'given', scopes: 'mcp', hasClientSecret: true },
      }),
    );
    expect(values).toMatchObject({
      oauth: true,
      clientId: 'given',
      clientSecret: '',
      scopes: 'mcp',
    });
    const check = checkServerForm(values);
    expect(check.ok && check.input.auth).toEqual({
      type: 'oauth',
      clientId: 'given',
      scopes: 'mcp',
    });
    const off = checkServerForm({ ...values, oauth: false });
    expect(off.ok && 'auth' in off.input).toBe(false);
  });
});
