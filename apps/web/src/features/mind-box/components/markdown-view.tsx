import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { BlockCache, groupSize } from '../lib/markdown-blocks';
import { renderMarkdown } from '../lib/markdown-processor';
import './markdown.css';

/** Links leave the app in a new tab and give the page they open no handle on this one. */
function Link({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components = { a: Link };

/** Milliseconds of markdown formatting one frame may take; the rest waits for the next frame. */
const frameBudgetMs = 3;
const maxStep = 16;
/** Formatting time spent since the last frame's check. */
const clock = { spent: 0 };

const Block = memo(function Block({ text }: { text: string }) {
  const started = performance.now();
  const element = renderMarkdown(text, components);
  clock.spent += performance.now() - started;
  return element;
});

/** A block not formatted yet: its text as it came, until a later frame formats it. */
const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return (
    <p data-pending="true" className="whitespace-pre-wrap">
      {text}
    </p>
  );
});

/** A group of finished blocks: once all are formatted it never renders again. */
const BlockGroup = memo(function BlockGroup({
  blocks,
  formatted,
}: {
  blocks: string[];
  formatted: number;
}) {
  return (
    <div className="markdown-group">
      {blocks.map((block, i) =>
        i < formatted ? <Block key={i} text={block} /> : <PlainBlock key={i} text={block} />,
      )}
    </div>
  );
});

/**
 * Markdown with GFM tables and code highlighting. A growing (streamed) text is split into
 * blocks incrementally and each finished block is formatted once. When text arrives faster
 * than it can be formatted, the newest blocks show as plain text at once and are formatted over
 * the next frames, a few milliseconds per frame, so the stream never blocks the page.
 */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  const cache = useRef<BlockCache | null>(null);
  cache.current ??= new BlockCache();
  cache.current.update(text);
  const { groups, open, count } = cache.current;

  // A finished text opens fully formatted; a growing one is formatted in budgeted steps.
  const [formatted, setFormatted] = useState(count);
  const step = useRef(4);
  const done = Math.min(formatted, count);

  useLayoutEffect(() => {
    // Adapt the step to what formatting cost in this frame (blocks per budget).
    const spent = clock.spent;
    clock.spent = 0;
    if (spent > 0.1) {
      const fit = (step.current * frameBudgetMs) / spent;
      step.current = Math.max(1, Math.min(maxStep, (step.current + fit) / 2));
    }
  });

  useEffect(() => {
    if (done >= count) return;
    const frame = requestAnimationFrame(() =>
      setFormatted((n) => Math.min(count, Math.max(n, done) + Math.ceil(step.current))),
    );
    return () => cancelAnimationFrame(frame);
  }, [done, count]);

  return (
    <div className="markdown-body">
      {groups.map((blocks, i) => (
        <BlockGroup
          key={i}
          blocks={blocks}
          formatted={Math.max(0, Math.min(blocks.length, done - i * groupSize))}
        />
      ))}
      {!open.trim() ? null : done < count ? <PlainBlock text={open} /> : <Block text={open} />}
    </div>
  );
});
