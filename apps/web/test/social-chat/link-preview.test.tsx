import type { LinkPreview } from '@confab/protocol/social-chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageBubble } from '@/features/social-chat/components/message-bubble';
import { firstLink } from '@/features/social-chat/lib/first-link';
import type { RoomMessage } from '@/features/social-chat/lib/message-order';
import { json } from '../helpers/fake-server';

const message = (content: string, over: Partial<RoomMessage> = {}): RoomMessage => ({
  key: 'bob:c1',
  id: 'm1',
  status: 'sent',
  error: null,
  seq: 1,
  clientId: 'c1',
  sender: 'bob',
  senderUsername: 'bob',
  content,
  contentType: 'text',
  attachment: null,
  timestamp: Date.UTC(2026, 0, 1, 12),
  edited: false,
  deleted: false,
  isRead: false,
  ...over,
});

/** The bubble with a server answering previews with `preview`; the addresses asked for. */
function show(room: RoomMessage, preview: LinkPreview | null) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        input instanceof Request ? input.url : input.toString(),
        'http://localhost',
      );
      asked.push(
        url.pathname === '/api/chat-social-msg/link-preview'
          ? url.searchParams.get('url')!
          : url.pathname,
      );
      return json({ statusCode: 200, data: { preview } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onMediaLoad = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MessageBubble
        message={room}
        own={false}
        changeable
        highlighted={false}
        onRetry={vi.fn()}
        onDiscard={vi.fn()}
        onEdit={vi.fn(() => Promise.resolve())}
        onDelete={vi.fn()}
        onMediaLoad={onMediaLoad}
      />
    </QueryClientProvider>,
  );
  return { asked, onMediaLoad };
}

const hostile: LinkPreview = {
  url: 'https://example.com/page',
  title: 'A <img src=x onerror="window.pwned=1"> title',
  description: '<script>window.pwned=2</script> and more',
  siteName: 'Example <b>Site</b>',
  image: '/api/chat-social-msg/link-preview/abc/image',
};

describe('link previews under a message', () => {
  it('shows the first link’s site, title, description and our copy of its image, as text', async () => {
    const { asked, onMediaLoad } = show(
      message('Read this: https://example.com/page. And https://second.example/'),
      hostile,
    );
    const card = await screen.findByTestId('link-preview');
    expect(asked).toEqual(['https://example.com/page']);
    expect(card).toHaveAttribute('href', 'https://example.com/page');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card.getAttribute('rel')).toContain('noopener');
    expect(card).toHaveAccessibleName(`Link preview: ${hostile.title}`);
    expect(within(card).getByText(hostile.title!)).toBeInTheDocument();
    expect(within(card).getByText(hostile.description!)).toBeInTheDocument();
    expect(within(card).getByText(hostile.siteName!)).toBeInTheDocument();
    // The only element that is not text: our server's copy of the image.
    const images = card.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual([hostile.image]);
    expect(card.querySelectorAll('script, b')).toHaveLength(0);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    await waitFor(() => expect(onMediaLoad).toHaveBeenCalled());
  });

  it('shows nothing for a page without a preview, and asks nothing for messages without a link', async () => {
    const empty = show(message('see http://nothing.example/'), null);
    await waitFor(() => expect(empty.asked).toEqual(['http://nothing.example/']));
    expect(screen.queryByTestId('link-preview')).toBeNull();
  });

  it.each([
    ['no link', message('just words, and ftp://files.example/ is not the web')],
    ['a message still sending', message('https://example.com/', { status: 'sending' })],
    ['a deleted message', message('https://example.com/', { deleted: true })],
  ])('asks nothing for %s', async (_what, room) => {
    const { asked } = show(room, hostile);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('link-preview')).toBeNull();
  });
});

describe('the first link of a text', () => {
  it.each([
    ['see https://example.com/a.', 'https://example.com/a'],
    ['(https://example.com/wiki/Foo_(bar))', 'https://example.com/wiki/Foo_(bar)'],
    ['[https://example.com/x]', 'https://example.com/x'],
    ['HTTP://EXAMPLE.COM/Path?q=1#frag!', 'HTTP://EXAMPLE.COM/Path?q=1#frag'],
    ['“https://例子.测试/路径”', 'https://例子.测试/路径'],
    ['http:// then https://b.example', 'https://b.example'],
    ['mailto:a@b.example javascript:alert(1) ftp://x.example', null],
    ['no links here', null],
  ])('%s → %s', (text, link) => {
    expect(firstLink(text)).toBe(link);
  });
});
