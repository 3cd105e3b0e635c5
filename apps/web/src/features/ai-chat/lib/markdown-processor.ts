/**
 * Markdown to React elements: the tree of markdown-tree.ts (received from the markdown worker,
 * or made here), turned into elements. Building a processor costs more than parsing a
 * paragraph, which is why react-markdown (one per render) is not used.
 *
 * The parser itself (unified, KaTeX, the highlighter's languages) is needed on this thread for
 * a reply streaming in, or in a browser without the worker. The chat loads it in idle time
 * after it shows (useMarkdownPreload), in steps, so neither opening a chat nor a reply's
 * first text pays its load.
 */
import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

export type MarkdownParser = (text: string) => Root;

let parser: MarkdownParser | null = null;
let loading: Promise<MarkdownParser> | null = null;

export function loadMarkdownParser(): Promise<MarkdownParser> {
  // A failed load (a network blip, a build replaced meanwhile) is tried again next time. The
  // parser's two largest libraries (KaTeX, the highlighter's languages) come first, one at a
  // time: each is evaluated in a task of its own, where all at once took one task of 50 ms
  // and more on a busy machine (frames the page could not answer in).
  loading ??= import('katex')
    .then(() => import('lowlight').then(({ common }) => common))
    .then(() => import('./markdown-tree'))
    .then(
      (module) => (parser = module.markdownTree),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  return loading;
}

/** A reply's commonest shapes: see warmMarkdownParser. */
const warmUpSample =
  'Some *emphasis*, **bold**, `code` and a [link](https://example.com).\n\n- one\n- two\n\n```js\nconst a = 1;\n```\n';
let warmed = false;

/**
 * Parses a sample once, so that the engine compiles the parser's code before a reply needs it:
 * the first text of the first reply after a page load took a task of 37 ms, most of it that.
 */
export function warmMarkdownParser(): void {
  if (warmed || !parser) return;
  warmed = true;
  void treeToReact(parser(warmUpSample), {});
}

/** The parser on this thread, once loaded. */
export function markdownParser(): MarkdownParser | null {
  return parser;
}

export function treeToReact(tree: Root, components: Partial<Components>): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true }) as ReactNode;
}

/** The text formatted here; null while the parser is not loaded. */
export function renderMarkdown(text: string, components: Partial<Components>): ReactNode | null {
  return parser ? treeToReact(parser(text), components) : null;
}
