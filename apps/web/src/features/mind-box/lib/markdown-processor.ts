/**
 * Markdown to React elements through one unified processor made once: GFM (tables, task lists,
 * strikethrough, autolinks), then HTML, sanitised, then highlighted. Raw HTML in a reply is
 * dropped (remark-rehype leaves it out), and the sanitiser keeps only safe tags, attributes and
 * URL schemes, so nothing a model writes can run in the page. Building a processor costs more
 * than parsing a paragraph, which is why react-markdown (one per render) is not used.
 */
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  // Sanitise first; the highlighter's classes come after and are its own.
  .use(rehypeSanitize)
  .use(rehypeHighlight, { detect: false })
  .freeze();

export function renderMarkdown(text: string, components: Partial<Components>): ReactNode {
  const tree = processor.runSync(processor.parse(text)) as Parameters<typeof toJsxRuntime>[0];
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true }) as ReactNode;
}
