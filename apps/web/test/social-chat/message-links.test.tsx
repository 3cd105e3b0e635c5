import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '@/features/social-chat/components/message-text';
import { linkParts } from '@/features/social-chat/lib/link-parts';

describe('links in a message', () => {
  it('finds http(s) and mailto addresses and leaves trailing punctuation out', () => {
    expect(linkParts('see https://example.com/a?b=1, or mailto:me@example.com.')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ', or ' },
      { type: 'link', text: 'mailto:me@example.com', href: 'mailto:me@example.com' },
      { type: 'text', text: '.' },
    ]);
    expect(linkParts('(http://x.org/wiki/A_(b))')).toEqual([
      { type: 'text', text: '(' },
      { type: 'link', text: 'http://x.org/wiki/A_(b)', href: 'http://x.org/wiki/A_(b)' },
      { type: 'text', text: ')' },
    ]);
  });

  it('never links another scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'JaVaScRiPt:alert(1)',
      'vbscript:x',
      'file:///etc/passwd',
      'https:',
    ]) {
      expect(linkParts(text)).toEqual([{ type: 'text', text }]);
    }
  });

  it('shows links that open in a new tab without the opener, and the rest as text', () => {
    render(
      <p data-testid="m">
        <MessageText text={'go https://example.com/<b>x</b> javascript:alert(1) <img src=x>'} />
      </p>,
    );
    const m = screen.getByTestId('m');
    const links = within(m).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(m).toHaveTextContent('go https://example.com/<b>x</b> javascript:alert(1) <img src=x>');
    expect(m.querySelector('b, img')).toBeNull();
  });
});
