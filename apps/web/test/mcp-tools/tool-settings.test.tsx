import type { SessionReply } from '@confab/protocol/auth';
import type { McpServer } from '@confab/protocol/mcp';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { config, echoTool, server, sumTool } from './fixtures';

const boss: SessionReply = {
  user: { id: 'u-2', username: 'boss', email: 'boss@example.com', role: 'admin' },
  loggedInAt: '2025-01-01T10:00:00.000Z',
};

const remote = server({
  key: 'web_tools',
  name: 'Web tools',
  description: '',
  source: 'admin',
  transportType: 'streamable-http',
  transport: {
    type: 'streamable-http',
    url: 'https://tools.example.com/mcp',
    headers: { 'X-Team': 'a' },
  },
  approvalPolicy: 'never ask',
  status: 'error',
  error: 'https://tools.example.com/mcp: fetch failed (connect ECONNREFUSED)',
  toolCount: null,
});

function mcpServer(
  servers: McpServer[],
  routes: Parameters<typeof fakeServer>[0]['routes'] = {},
  session = alice,
) {
  return fakeServer({
    session,
    routes: {
      'GET /api/mcp/init': () => json(config(servers)),
      'GET /api/mcp/tools': () => json({ tools: [echoTool, sumTool] }),
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

// Typing a whole form through user-event takes a few seconds in jsdom.
describe('tool settings on the chat screen', { timeout: 20_000 }, () => {
  it('closes with its own button, for a phone with no room around the dialog', async () => {
    mcpServer([server()]);
    const { dialog, user } = await openTools();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists servers with their state and error, and tools with switches that start on', async () => {
    mcpServer([server(), remote]);
    const { dialog, user } = await openTools();
    const everything = await within(dialog).findByRole('listitem', { name: 'Everything' });
    expect(everything).toHaveTextContent('Connected');
    expect(everything).toHaveTextContent('Approval: Always ask');
    const web = within(dialog).getByRole('listitem', { name: 'Web tools' });
    expect(web).toHaveTextContent('Error');
    expect(web).toHaveTextContent(
      'https://tools.example.com/mcp: fetch failed (connect ECONNREFUSED)',
    );

    const echo = await within(everything).findByRole('switch', { name: 'Offer echo to the model' });
    expect(echo).toHaveAttribute('aria-checked', 'true');
    await user.click(echo);
    expect(echo).toHaveAttribute('aria-checked', 'false');
    expect(
      within(everything).getByRole('switch', { name: 'Offer get-sum to the model' }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  it('shows a user no server management', async () => {
    mcpServer([server()]);
    const { dialog } = await openTools();
    await within(dialog).findByRole('listitem', { name: 'Everything' });
    expect(within(dialog).queryByRole('button', { name: 'Add a server' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('says when the servers cannot be loaded', async () => {
    fakeServer({
      session: alice,
      routes: {
        'GET /api/mcp/init': () =>
          json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal Server Error' }, 500),
        'GET /api/mcp/tools': () => json({ tools: [] }),
      },
    });
    const { dialog } = await openTools();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The servers could not be loaded',
    );
  });

  it('shows the empty state when there is no server', async () => {
    mcpServer([]);
    const { dialog } = await openTools();
    expect(await within(dialog).findByText('No tool servers')).toBeInTheDocument();
  });

  it("lets an administrator deactivate a server and see the file's problems", async () => {
    const calls = mcpServer(
      [server()],
      {
        'GET /api/mcp/init': () =>
          json(
            config([server()], {
              file: {
                path: '/data/mcp.json',
                found: true,
                problems: ['"x": needs a "command" (stdio) or a "url" (streamable-http, sse)'],
              },
            }),
          ),
        'POST /api/mcp/deactivate': () =>
          json({ server: server({ active: false, status: 'inactive', toolCount: null }) }),
      },
      boss,
    );
    const { dialog, user } = await openTools();
    expect(
      await within(dialog).findByText('Entries of /data/mcp.json that were left out'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('"x": needs a "command" (stdio) or a "url" (streamable-http, sse)'),
    ).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Deactivate' }));
    expect(calls.calls('POST /api/mcp/deactivate')).toMatchObject([
      { method: 'POST', path: '/api/mcp/deactivate', body: { key: 'everything' } },
    ]);
  });

  it('lets an administrator add a remote server, checking the form first', async () => {
    const calls = mcpServer(
      [server()],
      {
        'POST /api/mcp/addServer': () =>
          json(
            {
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              message:
                'Nothing was saved. transport.url: Could not connect to the MCP server: https://nowhere.example/mcp: fetch failed',
              fields: {
                'transport.url':
                  'Could not connect to the MCP server: https://nowhere.example/mcp: fetch failed',
              },
            },
            400,
          ),
      },
      boss,
    );
    const { dialog, user } = await openTools();
    await user.click(await within(dialog).findByRole('button', { name: 'Add a server' }));
    const form = await screen.findByRole('dialog', { name: 'Add a remote server' });
    expect(form).toHaveTextContent(
      'Servers that run a program on the server (stdio) can only be listed by the operator, in mcp.json.',
    );

    await user.type(within(form).getByLabelText('Key'), 'bad--key');
    await user.type(within(form).getByLabelText('URL'), 'ftp://x');
    await user.type(within(form).getByLabelText('Headers'), 'no colon here');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(await within(form).findByText('Line 1 is not Name: value')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Headers'));
    await user.type(within(form).getByLabelText('Headers'), 'Authorization: Bearer abc');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(await within(form).findByText(/no "--", no hyphen at either end/)).toBeInTheDocument();
    expect(within(form).getByText('Enter an http:// or https:// URL')).toBeInTheDocument();
    expect(calls.calls('POST /api/mcp/addServer')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Key'));
    await user.type(within(form).getByLabelText('Key'), 'web_tools');
    await user.clear(within(form).getByLabelText('URL'));
    await user.type(within(form).getByLabelText('URL'), 'https://nowhere.example/mcp');
    await user.selectOptions(within(form).getByLabelText('Approval'), 'ask once per chat');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The server did not accept this; check what you entered.',
    );
    expect(within(form).getByLabelText('URL')).toHaveAccessibleDescription(
      'Could not connect to the MCP server: https://nowhere.example/mcp: fetch failed',
    );
    expect(calls.calls('POST /api/mcp/addServer')[0]?.body).toEqual({
      key: 'web_tools',
      name: '',
      description: '',
      transport: {
        type: 'streamable-http',
        url: 'https://nowhere.example/mcp',
        headers: { Authorization: 'Bearer abc' },
      },
      approvalPolicy: 'ask once per chat',
      active: true,
    });
  });

  it('lets an administrator edit and remove a server added through the API', async () => {
    const lateRemote: McpServer = {
      ...remote,
      key: 'late_tools',
      name: 'Late tools',
      transport: { type: 'streamable-http', url: 'https://late.example.com/mcp', headers: {} },
    };
    const calls = mcpServer(
      [server(), remote],
      {
        'POST /api/mcp/updateServer': () => json({ server: { ...remote, name: 'Renamed' } }),
        // The list as the server has it now: another administrator added a server meanwhile.
        'GET /api/mcp/getConfig': () => json(config([server(), remote, lateRemote])),
        'POST /api/mcp/putConfig': () => json(config([server(), lateRemote])),
      },
      boss,
    );
    const { dialog, user } = await openTools();
    const web = await within(dialog).findByRole('listitem', { name: 'Web tools' });
    expect(
      within(within(dialog).getByRole('listitem', { name: 'Everything' })).queryByRole('button', {
        name: 'Edit',
      }),
    ).toBeNull();

    await user.click(within(web).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Web tools' });
    expect(within(form).getByLabelText('Key')).toBeDisabled();
    expect(within(form).getByLabelText('Headers')).toHaveValue('X-Team: a');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Renamed');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server Renamed saved')).toBeInTheDocument();
    expect(calls.calls('POST /api/mcp/updateServer')[0]?.body).toMatchObject({
      key: 'web_tools',
      name: 'Renamed',
      approvalPolicy: 'never ask',
    });

    await user.click(within(web).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Web tools?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    // Web tools goes; the server this page had not seen yet stays.
    await waitFor(() => expect(calls.calls('POST /api/mcp/putConfig')).toHaveLength(1));
    expect(calls.calls('POST /api/mcp/putConfig')[0]?.body).toEqual({
      mcpServers: {
        late_tools: expect.objectContaining({
          type: 'streamable-http',
          url: 'https://late.example.com/mcp',
        }),
      },
    });
  });
});
