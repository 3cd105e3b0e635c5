import { memo, useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { markdownBlocks } from '../lib/markdown-blocks';
import './markdown.css';

/** Links leave the app in a new tab and give the page they open no handle on this one. */
function Link({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
}

const components: Components = { a: Link };
const remarkPlugins = [remarkGfm];
// Sanitise first (raw HTML is never rendered; only safe tags, attributes and URL schemes
// remain), then highlight: the classes the highlighter adds are its own.
const rehypePlugins = [rehypeSanitize, [rehypeHighlight, { detect: false }]] as ComponentProps<
  typeof ReactMarkdown
>['rehypePlugins'];

const Block = memo(function Block({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
});

/** Markdown with GFM tables and code highlighting, rendered block by block. */
export const MarkdownView = memo(function MarkdownView({ text }: { text: string }) {
  const blocks = useMemo(() => markdownBlocks(text), [text]);
  return (
    <div className="markdown-body">
      {blocks.map((block, i) => (
        <Block key={i} text={block} />
      ))}
    </div>
  );
});
