import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpTool } from '@confab/protocol/mcp';
import { ServerTools } from '@/features/mcp-tools/components/server-tools';
import { ToolCallCard } from '@/features/mcp-tools/components/tool-call-card';
import { fakeServer, json } from '../helpers/fake-server';

const hostile = '<img src=x onerror="window.__pwned=1">';
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

afterEach(() => vi.unstubAllGlobals());

function card(content: unknown[], structuredContent?: Record<string, unknown>) {
  return render(
    <ToolCallCard
      defaultOpen
      call={{
        server: 'everything',
        tool: 'get-structured-content',
        args: {},
        status: 'done',
        result: { content: content as never, isError: false, durationMs: 3, structuredContent },
      }}
    />,
  );
}

describe('structured tool output', () => {
  it('shows keys and values as a table, nested objects as tables inside, the raw JSON a click away', async () => {
    card([{ type: 'text', text: '{"temperature":22.5}' }], {
      temperature: 22.5,
      conditions: 'Partly cloudy',
      wind: { speed: 12, direction: hostile },
      tags: ['a', 'b'],
    });
    const view = screen.getByRole('region', { name: 'Structured result' });
    expect(within(view).getByRole('rowheader', { name: 'temperature' })).toBeInTheDocument();
    const conditions = within(view).getByRole('rowheader', { name: 'conditions' }).closest('tr');
    expect(conditions).toHaveTextContent('conditionsPartly cloudy');
    const wind = within(view).getByRole('rowheader', { name: 'wind' }).closest('tr')!;
    expect(within(wind).getByRole('rowheader', { name: 'speed' })).toBeInTheDocument();
    expect(within(wind).getByText(hostile)).toBeInTheDocument();
    expect(within(view).getByRole('rowheader', { name: '1' }).closest('tr')).toHaveTextContent(
      '1b',
    );
    expect(document.querySelector('img')).toBeNull();
    const raw = within(view).getByText('Raw JSON');
    await userEvent.setup().click(raw);
    expect(within(view).getByText(/"temperature": 22.5/)).toBeVisible();
  });
});

describe('resource links in tool results', () => {
  it('reads a linked resource through the server and shows its text in a dialog', async () => {
    const server = fakeServer({
      routes: {
        'POST /api/mcp/readResource': () =>
          json({
            contents: [
              { uri: 'demo://resource/dynamic/text/2', mimeType: 'text/plain', text: hostile },
            ],
          }),
      },
    });
    card([
      {
        type: 'resource_link',
        uri: 'demo://resource/dynamic/text/2',
        name: 'Text Resource 2',
        description: hostile,
      },
    ]);
    const link = screen.getByTestId('resource-link');
    expect(link).toHaveTextContent(`Text Resource 2demo://resource/dynamic/text/2${hostile}`);
    // Not a web address: no link to follow, only the server may read it.
    expect(within(link).queryByRole('link')).toBeNull();
    await userEvent
      .setup()
      .click(within(link).getByRole('button', { name: 'Open Text Resource 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text Resource 2' });
    expect(await within(dialog).findByText(hostile)).toBeInTheDocument();
    expect(server.calls('POST /api/mcp/readResource')[0]?.body).toEqual({
      client: 'everything',
      uri: 'demo://resource/dynamic/text/2',
    });
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows an image inline and offers other binary data as a download', async () => {
    fakeServer({
      routes: {
        'POST /api/mcp/readResource': (request) =>
          json({
            contents: [
              (request.body as { uri: string }).uri === 'x://img'
                ? { uri: 'x://img', mimeType: 'image/png', blob: png }
                : { uri: 'x://zip', mimeType: 'application/gzip', blob: 'AAAAAA==' },
            ],
          }),
      },
    });
    const user = userEvent.setup();
    card([
      { type: 'resource_link', uri: 'x://img', name: 'picture' },
      { type: 'resource_link', uri: 'x://zip', name: 'archive' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Open picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'picture' });
    expect(await within(dialog).findByRole('img', { name: 'picture' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${png}`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open archive' }));
    const second = await screen.findByRole('dialog', { name: 'archive' });
    const download = await within(second).findByRole('button', {
      name: 'Download (application/gzip, 4 B)',
    });
    expect(download).toBeVisible();
  });

  it("saves a server's HTML as a download only on click, never as a page of this origin", async () => {
    const made: Blob[] = [];
    const revoked: string[] = [];
    const clicked: { href: string; download: string }[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          made.push(blob);
          return `blob:test/${made.length}`;
        }
        static override revokeObjectURL(url: string) {
          revoked.push(url);
        }
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      fakeServer({
        routes: {
          'POST /api/mcp/readResource': () =>
            json({
              contents: [{ uri: 'x://page.html', mimeType: 'text/html', blob: btoa(hostile) }],
            }),
        },
      });
      const user = userEvent.setup();
      card([{ type: 'resource_link', uri: 'x://page.html', name: 'page' }]);
      await user.click(screen.getByRole('button', { name: 'Open page' }));
      const dialog = await screen.findByRole('dialog', { name: 'page' });
      const download = await within(dialog).findByRole('button', {
        name: /^Download \(text\/html/,
      });
      expect(made).toHaveLength(0);

      vi.useFakeTimers();
      fireEvent.click(download);
      expect(made.map((blob) => blob.type)).toEqual(['application/octet-stream']);
      expect(clicked).toEqual([{ href: 'blob:test/1', download: 'page.html' }]);
      vi.runOnlyPendingTimers();
      expect(revoked).toEqual(['blob:test/1']);
    } finally {
      vi.useRealTimers();
      click.mockRestore();
    }
  });

  it('says when the resource could not be read', async () => {
    fakeServer({
      routes: {
        'POST /api/mcp/readResource': () =>
          json({ statusCode: 404, code: 'NOT_FOUND', message: 'no resource' }, 404),
      },
    });
    card([{ type: 'resource_link', uri: 'x://gone', name: 'gone' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open gone' }));
    const dialog = await screen.findByRole('dialog', { name: 'gone' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The resource could not be read',
    );
  });
});

describe('a server of 1,000 tools in the settings', () => {
  const tools: McpTool[] = Array.from({ length: 1000 }, (_, index) => ({
    server: 'many',
    name: `tool_${String(index).padStart(4, '0')}`,
    description: `Tool number ${index}`,
    inputSchema: { type: 'object' },
  }));
  const switches = { toolStates: {}, onToolStateChange: () => {} };

  it('shows 20 rows at first, 20 more on request, and finds any tool by its name', async () => {
    const user = userEvent.setup();
    render(<ServerTools serverName="Many" tools={tools} switches={switches} />);
    const list = screen.getByRole('list', { name: 'Tools of Many' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('20 of 1000 tools shown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 20 more tools' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    await user.type(screen.getByRole('searchbox', { name: 'Filter the tools of Many' }), '0999');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('tool_0999')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more tools/ })).toBeNull();
  });
});
