/**
 * KaTeX's markup as a hast tree. KaTeX writes well-formed markup of its own making (quoted
 * attributes, escaped text, self-closed SVG paths), so a small parser suffices and the markdown
 * worker, which has no DOM, can run it. What it yields still goes through the sanitiser.
 */
import type { Element, ElementContent, Properties } from 'hast';
import { find, html, svg } from 'property-information';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return entities[name] ?? whole;
  });
}

const tagPattern =
  /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>/g;
const attributePattern = /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;

function properties(source: string, inSvg: boolean): Properties {
  const out: Properties = {};
  for (const [, name, double, single] of source.matchAll(attributePattern)) {
    const value = decode(double ?? single ?? '');
    const info = find(inSvg ? svg : html, name!);
    out[info.property] = info.property === 'className' ? value.split(/\s+/).filter(Boolean) : value;
  }
  return out;
}

/** The elements of `markup`, in order. */
export function katexTree(markup: string): ElementContent[] {
  const root: Element = { type: 'element', tagName: 'root', properties: {}, children: [] };
  const stack: Array<{ element: Element; svg: boolean }> = [{ element: root, svg: false }];
  let last = 0;
  const text = (to: number) => {
    if (to > last)
      stack.at(-1)!.element.children.push({ type: 'text', value: decode(markup.slice(last, to)) });
  };
  for (const match of markup.matchAll(tagPattern)) {
    text(match.index);
    last = match.index + match[0].length;
    const [, closing, tagName, attributes, selfClosing] = match;
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const inSvg = stack.at(-1)!.svg || tagName === 'svg';
    const element: Element = {
      type: 'element',
      tagName: tagName!,
      properties: properties(attributes ?? '', inSvg),
      children: [],
    };
    stack.at(-1)!.element.children.push(element);
    if (!selfClosing) stack.push({ element, svg: inSvg });
  }
  text(markup.length);
  return root.children;
}
