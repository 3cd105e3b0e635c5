/**
 * Markdown to React elements: the tree of markdown-tree.ts (made here, or received from the
 * markdown worker), turned into elements. Building a processor costs more than parsing a
 * paragraph, which is why react-markdown (one per render) is not used.
 */
import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { markdownTree } from './markdown-tree';

export function treeToReact(tree: Root, components: Partial<Components>): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true }) as ReactNode;
}

export function renderMarkdown(text: string, components: Partial<Components>): ReactNode {
  return treeToReact(markdownTree(text), components);
}
