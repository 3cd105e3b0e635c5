/**
 * Typesets the math remark-math found (code elements of class `language-math`; inside a `pre`
 * it is a display formula) with KaTeX, untrusted: commands that could link, style, class or
 * load anything render as red text. TeX that KaTeX cannot read shows as its source, marked as
 * an error, and the rest of the reply renders as usual.
 */
import type { Element, ElementContent, Root } from 'hast';
import katex from 'katex';
import { katexTree } from './katex-tree';

const isMath = (node: ElementContent | undefined): node is Element =>
  node?.type === 'element' &&
  node.tagName === 'code' &&
  Array.isArray(node.properties.className) &&
  node.properties.className.includes('language-math');

const textOf = (node: Element) =>
  node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');

function typeset(source: string, displayMode: boolean): ElementContent[] {
  try {
    const markup = katex.renderToString(source, {
      displayMode,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxExpand: 200,
      maxSize: 20,
    });
    return katexTree(markup);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['math-error'], title: message },
        children: [{ type: 'text', value: source }],
      },
    ];
  }
}

function visit(parent: Root | Element): void {
  // A root may hold a doctype too; none comes out of markdown.
  const children = parent.children as ElementContent[];
  parent.children = children.flatMap((node): ElementContent[] => {
    if (node.type !== 'element') return [node];
    if (node.tagName === 'pre' && isMath(node.children[0])) {
      const source = textOf(node.children[0]);
      return [{ type: 'element', tagName: 'div', properties: {}, children: typeset(source, true) }];
    }
    if (isMath(node)) return typeset(textOf(node), false);
    visit(node);
    return [node];
  });
}

export default function rehypeMath() {
  return (tree: Root) => visit(tree);
}
