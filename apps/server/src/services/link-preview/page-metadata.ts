import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) address of the preview image, as the page names it. */
  imageUrl: string | null;
}

const titleMax = 200;
const descriptionMax = 500;
const siteNameMax = 100;
// Elements deeper than this are not visited: a page of nested tags cannot exhaust the stack.
const maxDepth = 64;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

/** One line, trimmed, at most `max` characters (cut at a character, with an ellipsis). */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (!line) return null;
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/**
 * What a page says about itself, read with an HTML parser (never patterns over markup): Open
 * Graph first, then Twitter cards, then the `<title>` element and the meta description. The
 * texts are plain text, for the client to show as text.
 */
export function pageMetadata(html: string, pageUrl: string): PageMetadata {
  const document = parse(html);
  const meta = new Map<string, string>();
  let title: string | undefined;
  const visit = (node: Node, depth: number) => {
    if (depth > maxDepth) return;
    if (isElement(node)) {
      if (node.tagName === 'meta') {
        const key = (attribute(node, 'property') ?? attribute(node, 'name'))?.toLowerCase();
        const content = attribute(node, 'content');
        if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      } else if (node.tagName === 'title' && title === undefined) {
        title = textOf(node);
      } else if (node.tagName === 'body') {
        // What a page says about itself is in its head (parsers move stray metas there too).
        return;
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, depth + 1);
  };
  visit(document, 0);
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((v) => v?.trim());
  return {
    title: clean(first('og:title', 'twitter:title') ?? title, titleMax),
    description: clean(
      first('og:description', 'twitter:description', 'description'),
      descriptionMax,
    ),
    siteName: clean(first('og:site_name'), siteNameMax),
    imageUrl: imageAddress(
      first(
        'og:image:secure_url',
        'og:image',
        'og:image:url',
        'twitter:image',
        'twitter:image:src',
      ),
      pageUrl,
    ),
  };
}

function imageAddress(value: string | undefined, pageUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
