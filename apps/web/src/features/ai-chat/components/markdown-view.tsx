import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { BlockCache, groupSize } from '../lib/markdown-blocks';
import { markdownFormatter } from '../lib/markdown-formatter';
import {
  loadMarkdownParser,
  markdownParser,
  renderMarkdown,
  treeToReact,
  warmMarkdownParser,
} from '../lib/markdown-processor';
import { linkTarget } from '@/lib/safe-url';
import { CodeBlock } from './code-block';
import { ReplyImage } from './reply-image';
// KaTeX's stylesheet and fonts are bundled with this chunk: math shows once markdown does, and
// nothing of it loads with the sign-in page or from another host.
import 'katex/dist/katex.min.css';
import './markdown.css';

// For the preload (markdown-view-lazy.tsx): the parser loads with this chunk's own imports.
export { loadMarkdownParser, warmMarkdownParser };

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
/** Rendering time spent since the last frame's check. */
const clock = { spent: 0 };
/**
 * Blocks all views together may take their formatting in one frame: a chat opens with a dozen
 * replies in view, and each taking its own share would add up to a long task.
 */
const frame = { step: 4, at: -1, left: 0 };

function takeBlocks(now: number, wanted: number): number {
  if (frame.at !== now) {
    frame.at = now;
    frame.left = Math.ceil(frame.step);
  }
  const taken = Math.min(wanted, frame.left);
  frame.left -= taken;
  return taken;
}

/** Whether the parser is on this thread; with `needed`, it is loaded (and the caller told). */
function useParser(needed: boolean): boolean {
  const [ready, setReady] = useState(() => markdownParser() !== null);
  useEffect(() => {
    if (!needed || ready) return;
    let current = true;
    // Not loaded: the block stays as its text until the next block asks again.
    loadMarkdownParser().then(
      () => current && setReady(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, ready]);
  return ready;
}

/**
 * A formatted block: the worker's tree when it has sent one, else formatted here (as its text
 * until the parser has loaded).
 */
const Block = memo(function Block({ text }: { text: string }) {
  const started = performance.now();
  const tree = markdownFormatter()?.tree(text);
  useParser(!tree);
  const element = tree ? treeToReact(tree, components) : renderMarkdown(text, components);
  clock.spent += performance.now() - started;
  return element ?? <PlainBlock text={text} />;
});

/** A block not formatted yet: its text as it came, until a later frame formats it. */
const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return (
    <p data-pending="true" className="whitespace-pre-wrap">
      {text}
    </p>
  );
});

/**
 * A group of finished blocks: once all are formatted it never renders again. `held` marks (one
 * bit per block) those formatted here before the worker's turn: a streaming reply's paragraph
 * that was on screen formatted while it grew.
 */
const BlockGroup = memo(function BlockGroup({
  blocks,
  formatted,
  held,
}: {
  blocks: string[];
  formatted: number;
  held: number;
}) {
  return (
    <div className="markdown-group">
      {blocks.map((block, i) =>
        i < formatted || (held >>> i) & 1 ? (
          <Block key={i} text={block} />
        ) : (
          <PlainBlock key={i} text={block} />
        ),
      )}
    </div>
  );
});

/** The bits of `indices` that fall in group `group`. */
function groupMask(indices: readonly number[], group: number): number {
  let mask = 0;
  for (const index of indices) {
    const bit = index - group * groupSize;
    if (bit >= 0 && bit < groupSize) mask |= 1 << bit;
  }
  return mask >>> 0;
}

/**
 * Markdown with GFM tables, math and code highlighting. A growing (streamed) text is split into
 * blocks incrementally and each finished block is formatted once: in the markdown worker when
 * the browser runs one, so parsing never holds the page (opening a long chat formats nothing
 * here). Blocks show as plain text at once and take their formatting over the next frames, as
 * many per frame, over all replies together, as fit a few milliseconds. While a reply streams,
 * its last, still growing block is formatted here, each time it changes.
 */
export const MarkdownView = memo(function MarkdownView({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  const cache = useRef<BlockCache | null>(null);
  cache.current ??= new BlockCache();
  // A finished text has no open block: its last block goes to the worker like the others.
  cache.current.update(streaming ? text : `${text}\n\n`);
  const { groups, open, count } = cache.current;
  const formatter = markdownFormatter();
  // Without a worker every block is formatted here; with one, only a streaming reply's last.
  const here = useParser(!formatter || (streaming && open.trim() !== ''));

  // Blocks formatted before (a chat opened again) show at once; the rest is formatted in steps.
  const [formatted, setFormatted] = useState(() => {
    if (!formatter) return here ? count : 0;
    let ready = 0;
    while (ready < count && formatter.tree(cache.current!.block(ready)!)) ready += 1;
    // Within the frame's share: a chat opened again shows its first replies formatted, the
    // others a frame or two later.
    return takeBlocks(Math.floor(performance.now() / 16), ready);
  });
  const done = Math.min(formatted, count);

  // The growing block was on screen formatted; once it is finished it keeps that form (formatted
  // here, once more) until the worker's tree comes: back to its raw text, it flickered for a
  // frame or two at the end of every paragraph.
  const openShown = useRef<number | null>(null);
  const held = useRef<number[]>([]);
  const wasOpen = openShown.current;
  if (wasOpen !== null && wasOpen < count && !held.current.includes(wasOpen)) {
    held.current = [...held.current, wasOpen];
  }
  if (held.current.some((index) => index < done)) {
    held.current = held.current.filter((index) => index >= done);
  }
  openShown.current = here && open.trim() !== '' ? count : null;

  useLayoutEffect(() => {
    // Adapt the step to what rendering cost in this frame (blocks per budget).
    const spent = clock.spent;
    clock.spent = 0;
    if (spent > 0.1) {
      const fit = (frame.step * frameBudgetMs) / spent;
      frame.step = Math.max(1, Math.min(maxStep, (frame.step + fit) / 2));
    }
  });

  useEffect(() => {
    if (done >= count) return;
    const blocks = cache.current!;
    formatter?.request(blocks.blocks(done, count));
    let next = 0;
    // The next blocks whose formatting is ready (all of them without a worker), up to a step.
    const advance = (now: number) => {
      next = 0;
      let ready = done;
      while (ready < count && (formatter ? formatter.tree(blocks.block(ready)!) : here)) ready += 1;
      if (ready === done) {
        // A tree dropped from the worker's cache before it was shown is asked for again.
        formatter?.request([blocks.block(done)!]);
        return;
      }
      const taken = takeBlocks(now, ready - done);
      if (taken > 0) setFormatted((n) => Math.max(n, done + taken));
      else next = requestAnimationFrame(advance);
    };
    next = requestAnimationFrame(advance);
    const unsubscribe = formatter?.subscribe(() => {
      next ||= requestAnimationFrame(advance);
    });
    return () => {
      cancelAnimationFrame(next);
      unsubscribe?.();
    };
  }, [done, count, formatter, here]);

  return (
    <div className="markdown-body">
      {groups.map((blocks, i) => (
        <BlockGroup
          key={i}
          blocks={blocks}
          formatted={Math.max(0, Math.min(blocks.length, done - i * groupSize))}
          held={held.current.length ? groupMask(held.current, i) : 0}
        />
      ))}
      {/* Formatted as soon as the parser is here, even while earlier blocks wait for theirs:
          switching it back to its raw text until they are done flickered the last paragraph,
          and replaced its elements twice, on most frames of a fast stream. */}
      {!open.trim() ? null : here ? <Block text={open} /> : <PlainBlock text={open} />}
    </div>
  );
});
