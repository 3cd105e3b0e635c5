/**
 * Markdown to a sanitised HTML syntax tree (hast) through one unified processor made once: GFM
 * (tables, task lists, strikethrough, autolinks) and math (typeset by KaTeX), then HTML,
 * sanitised, then highlighted. Raw HTML in a reply is dropped (remark-rehype leaves it out), and
 * the sanitiser keeps only safe tags, attributes and URL schemes, so nothing a model writes can
 * run in the page. Free of React and the DOM: the markdown worker runs it too
 * (markdown.worker.ts).
 */
import type { Root } from 'hast';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { markdownSchema } from './markdown-schema';
import { mathDelimiters } from './math-delimiters';
import rehypeMath from './rehype-math';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype)
  // Math is typeset before sanitising, so KaTeX's output is sanitised too; the highlighter's
  // classes come after and are its own.
  .use(rehypeMath)
  .use(rehypeSanitize, markdownSchema)
  .use(rehypeHighlight, { detect: false })
  .freeze();

/** Source positions are not needed to render, and they double what a worker has to send. */
function dropPositions(node: { position?: unknown; children?: unknown[] }): void {
  delete node.position;
  if (node.children) for (const child of node.children) dropPositions(child as never);
}

export function markdownTree(text: string): Root {
  const tree = processor.runSync(processor.parse(mathDelimiters(text)));
  dropPositions(tree);
  return tree;
}
