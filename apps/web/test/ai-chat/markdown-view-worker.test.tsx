import { render, screen } from '@testing-library/react';
import type { Root } from 'hast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markdownTree } from '@/features/ai-chat/lib/markdown-tree';

/** A markdown worker that answers on a later task, as a real one does, formatting as it does. */
class FakeWorker {
  static posted = 0;
  onmessage: ((event: { data: { texts: string[]; trees: Root[] } }) => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage({ texts }: { texts: string[] }) {
    FakeWorker.posted += texts.length;
    setTimeout(() => this.onmessage?.({ data: { texts, trees: texts.map(markdownTree) } }), 0);
  }
}

/** A worker that is busy: it has not answered yet. */
class BusyWorker {
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage() {}
}

/** The markdown view, loaded afresh with `worker` as the page's Worker (mocks set before stay). */
async function viewWith(worker: unknown) {
  vi.stubGlobal('Worker', worker);
  vi.resetModules();
  return (await import('@/features/ai-chat/components/markdown-view')).MarkdownView;
}

describe('reply markdown with the markdown worker', () => {
  afterEach(() => {
    vi.doUnmock('@/features/ai-chat/lib/markdown-tree');
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('opens a finished reply without formatting it on the page: the worker formats it', async () => {
    const MarkdownView = await viewWith(FakeWorker);
    const text = 'Some **bold** text.\n\n- a list\n- of `code`\n\n$x^2$';
    const { container } = render(<MarkdownView text={text} />);
    // The first paint shows the text as it came: nothing was formatted on this thread.
    expect(container.querySelector('strong, .katex')).toBeNull();
    expect(container).toHaveTextContent('Some **bold** text.');
    // Every block, the last one included, comes from the worker.
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByText('code', { selector: 'code' })).toBeInTheDocument();
    await vi.waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('[data-pending]')).toBeNull();
    expect(FakeWorker.posted).toBe(3);
  });

  it("opening a reply never loads the markdown parser on the page: it stays the worker's", async () => {
    let parserOnPage = false;
    vi.doMock('@/features/ai-chat/lib/markdown-tree', async (original) => {
      parserOnPage = true;
      return original();
    });
    const MarkdownView = await viewWith(FakeWorker);
    const { container } = render(<MarkdownView text={'A **finished** reply.\n\n$y^2$'} />);
    expect(await screen.findByText('finished', { selector: 'strong' })).toBeInTheDocument();
    await vi.waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(parserOnPage).toBe(false);
  });

  it('a streaming reply formats its growing last block on the page', async () => {
    const MarkdownView = await viewWith(FakeWorker);
    render(<MarkdownView text={'Done block.\n\nStill **growing**'} streaming />);
    expect(await screen.findByText('growing', { selector: 'strong' })).toBeInTheDocument();
  });

  it("a streaming reply's growing last block stays formatted while earlier blocks wait for the worker", async () => {
    const MarkdownView = await viewWith(BusyWorker);
    const { container, rerender } = render(
      <MarkdownView text={'First block.\n\nSecond block.\n\nStill **growing**'} streaming />,
    );
    expect(await screen.findByText('growing', { selector: 'strong' })).toBeInTheDocument();
    // More of the reply arrives; the blocks before it are still with the worker. The last
    // paragraph does not fall back to its raw text (a flicker on every frame of a fast stream).
    rerender(
      <MarkdownView text={'First block.\n\nSecond block.\n\nStill **growing** and'} streaming />,
    );
    expect(screen.getByText('growing', { selector: 'strong' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent('**growing**');
    expect(container.querySelectorAll('[data-pending]')).toHaveLength(2);
  });
  it('a paragraph that just finished stays formatted while the worker formats it again', async () => {
    const MarkdownView = await viewWith(BusyWorker);
    const { container, rerender } = render(
      <MarkdownView text={'Older block.\n\nA **bold** paragraph'} streaming />,
    );
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeInTheDocument();
    // The paragraph ends and the next begins; the worker has not answered for it yet. It was
    // formatted on the screen a frame ago and does not go back to its raw text.
    rerender(<MarkdownView text={'Older block.\n\nA **bold** paragraph.\n\nNext'} streaming />);
    expect(screen.getByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent('**bold**');
    // The older block was never on screen as the growing one: it waits for the worker.
    expect(container.querySelectorAll('[data-pending]')).toHaveLength(1);
    expect(container.querySelector('[data-pending]')).toHaveTextContent('Older block.');
    // The reply ends: its last paragraph, formatted while it grew, stays so too.
    rerender(<MarkdownView text={'Older block.\n\nA **bold** paragraph.\n\nNext, the *end*.'} />);
    expect(screen.getByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('end', { selector: 'em' })).toBeInTheDocument();
  });
});
