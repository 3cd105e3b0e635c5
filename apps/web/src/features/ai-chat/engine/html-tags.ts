/**
 * Real HTML in a prompt, told apart from text that only looks like it: a tag is a known HTML
 * element name right after `<` or `</` (lower case, or all capitals as old HTML was written),
 * with attributes and an optional `/`; comments and the doctype count too. `Array<string>`,
 * `a < b > c`, `Map<K, V>`, `<T>` and components like `<MyButton>` are none of them. Code is
 * found the markdown way: fenced blocks (``` or ~~~) and inline spans of backticks.
 */

const elements = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas ' +
    'caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed ' +
    'fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i ' +
    'iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript ' +
    'object ol optgroup option output p param picture pre progress q rp rt ruby s samp script ' +
    'search section select slot small source span strong style sub summary sup table tbody td ' +
    'template textarea tfoot th thead time title tr track u ul var video wbr center font big ' +
    'strike tt svg math'
  ).split(' '),
);

const attribute = String.raw`\s+[a-zA-Z_:@][-\w:.@]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const tag = new RegExp(
  String.raw`<!--[\s\S]*?-->|<!doctype\b[^<>]*>|<\/?([a-zA-Z][a-zA-Z0-9]*)(?:${attribute})*\s*\/?>`,
  'gi',
);

function isElementName(name: string): boolean {
  const lower = name.toLowerCase();
  if (!elements.has(lower)) return false;
  // <P>, <B>, <I> are generic type parameters far more often than HTML.
  return name === lower || (name === name.toUpperCase() && name.length > 1);
}

/** The text without its HTML tags and comments. */
export function stripHtmlTags(text: string): string {
  return text.replace(tag, (whole, name: string | undefined) =>
    name === undefined || isElementName(name) ? '' : whole,
  );
}

export interface TextPiece {
  text: string;
  /** Inside a fenced block or an inline code span, fences and backticks included. */
  code: boolean;
}

const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const inlineCode = /(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;

function splitInline(text: string, pieces: TextPiece[]): void {
  let last = 0;
  for (const match of text.matchAll(inlineCode)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), code: false });
    pieces.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), code: false });
}

/** The text cut into code and prose, in order; joined they give the text back. */
export function splitCode(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const lines = text.split(/(?<=\n)/);
  let prose = '';
  let fence: string | null = null;
  let code = '';
  for (const line of lines) {
    if (fence === null) {
      const open = fenceOpen.exec(line)?.[1];
      if (open) {
        splitInline(prose, pieces);
        prose = '';
        fence = open;
        code = line;
      } else {
        prose += line;
      }
      continue;
    }
    code += line;
    const close = fenceOpen.exec(line)?.[1];
    if (
      close &&
      close[0] === fence[0] &&
      close.length >= fence.length &&
      !line.trim().slice(close.length).trim()
    ) {
      pieces.push({ text: code, code: true });
      fence = null;
      code = '';
    }
  }
  // An unclosed fence runs to the end, as markdown renders it.
  if (fence !== null) pieces.push({ text: code, code: true });
  splitInline(prose, pieces);
  return pieces.filter((piece) => piece.text !== '');
}
