import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { BlockCache, groupSize } from '../lib/markdown-blocks';
import { markdownFormatter } from '../lib/markdown-formatter';
import { renderMarkdown, treeToReact } from '../lib/markdown-processor';
import { linkTarget } from '@/lib/safe-url';
import { CodeBlock } from './code-block';
import { ReplyImage } from './reply-image';
// KaTeX's stylesheet and fonts are bundled with this chunk: math shows once markdown does, and
// nothing of it loads with the sign-in page or from another host.
import 'katex/dist/katex.min.css';
import './markdown.css';

/**
 * Links leave the app in a new tab and give the page they open no handle on this one. Only web
 * and mail addresses are links (the sanitiser drops script addresses already; this holds even
 * if it changes); any other stays its text.
 */
function Link({ node: _node, href, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  const target = linkTarget(href);
  if (!target) return <span>{props.children}</span>;
  return <a {...props} href={target} target="_blank" rel="noopener noreferrer" />;
}

const components = { a: Link, img: ReplyImage, pre: CodeBlock };

/** Milliseconds of markdown rendering one frame may take; the rest waits for the next frame. */
const frameBudgetMs = 4;
const maxStep = 256;
/** A finished text of at most this many blocks opens formatted at once. */
const formatAtOnce = 24;
/** Rendering time spent since the last frame's check. */
const clock = { spent: 0 };

/** A formatted block: the worker's tree when it has sent one, else formatted here. */
const Block = memo(function Block({ text }: { text: string }) {
  const started = performance.now();
  const tree = markdownFormatter()?.tree(text);
  const element = tree ? treeToReact(tree, components) : renderMarkdown(text, components);
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
 * blocks incrementally and each finished block is formatted once: in the markdown worker when
 * the browser runs one, so parsing never holds the page. New blocks show as plain text at once
 * and take their formatting over the next frames, as many per frame as fit a few milliseconds.
 */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  const cache = useRef<BlockCache | null>(null);
  cache.current ??= new BlockCache();
  cache.current.update(text);
  const { groups, open, count } = cache.current;
  const formatter = markdownFormatter();

  // A short finished text opens formatted; a long or growing one is formatted in steps.
  const [formatted, setFormatted] = useState(() =>
    !formatter || count <= formatAtOnce ? count : 0,
  );
  const step = useRef(4);
  const done = Math.min(formatted, count);

  useLayoutEffect(() => {
    // Adapt the step to what rendering cost in this frame (blocks per budget).
    const spent = clock.spent;
    clock.spent = 0;
    if (spent > 0.1) {
      const fit = (step.current * frameBudgetMs) / spent;
      step.current = Math.max(1, Math.min(maxStep, (step.current + fit) / 2));
    }
  });

  useEffect(() => {
    if (done >= count) return;
    const blocks = cache.current!;
    formatter?.request(blocks.blocks(done, count));
    let frame = 0;
    // The next blocks whose formatting is ready (all of them without a worker), up to a step.
    const advance = () => {
      frame = 0;
      const limit = Math.min(count, done + Math.ceil(step.current));
      let next = done;
      while (next < limit && (!formatter || formatter.tree(blocks.block(next)!))) next += 1;
      if (next > done) setFormatted((n) => Math.max(n, next));
      // A tree dropped from the worker's cache before it was shown is asked for again.
      else formatter?.request([blocks.block(next)!]);
    };
    frame = requestAnimationFrame(advance);
    const unsubscribe = formatter?.subscribe(() => {
      frame ||= requestAnimationFrame(advance);
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [done, count, formatter]);

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
