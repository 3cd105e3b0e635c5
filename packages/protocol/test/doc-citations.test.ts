import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository documents itself: comments and documents cite `docs/*.md` by anchor, never a
 * document the repository does not hold, and every anchor they cite exists.
 */

const root = join(import.meta.dirname, '../../..');
const thisFile = relative(root, import.meta.filename)
  .split(sep)
  .join('/');

const scannedFolders = ['apps', 'packages', 'e2e', 'scripts', 'docs'];
const scannedRootFiles = ['README.md', 'SECURITY.md'];
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'data',
  'test-results',
  'playwright-report',
  '.git',
]);
const scannedExtensions = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|css|html|md)$/;

function sourceFiles(): string[] {
  const files: string[] = [...scannedRootFiles];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      if (skippedFolders.has(name)) continue;
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (scannedExtensions.test(name) && path !== thisFile) files.push(path);
    }
  };
  for (const folder of scannedFolders) walk(folder);
  return files;
}

const files = sourceFiles().map((path) => ({
  path,
  text: readFileSync(join(root, path), 'utf8'),
}));

/** Ways of pointing at the product specification or the design notes kept outside the tree. */
const outsideCitations: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s)?\s*\(?\s*(?:sections?|§)\s*\d/i,
  /§\s*\d/,
  /\b(?:SPEC|DESIGN)\.md\b/i,
  /\bthe spec(?:ification)?\b/i,
  /\bsections? \d+\b/i,
];

/** In comments only: code may well name a variable `spec`. */
const outsideCitationsInComments: readonly RegExp[] = [/\(spec[:)]/i];

/** The comment on a line of code, or '' when it has none. */
function commentOf(line: string): string {
  if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return line;
  const at = line.search(/\s\/\/|\/\*/);
  return at === -1 ? '' : line.slice(at);
}

/** A line without its comment markers, so a citation wrapped over two lines reads as one. */
function bare(line: string): string {
  return line.replace(/^\s*(?:\/\/+|\/\*+|\*+\/?|#+|<!--)?\s*/, '').trim();
}

function outsideCitationsIn(text: string): { line: number; text: string }[] {
  const raw = text.split('\n');
  const lines = raw.map(bare);
  const found: { line: number; text: string }[] = [];
  const cites = (value: string) => outsideCitations.some((pattern) => pattern.test(value));
  lines.forEach((line, index) => {
    const next = lines[index + 1] ?? '';
    const comment = commentOf(raw[index] ?? '');
    // A citation split over two lines is reported once, at its first line.
    if (
      cites(line) ||
      (cites(`${line} ${next}`) && !cites(next)) ||
      outsideCitationsInComments.some((pattern) => pattern.test(comment))
    ) {
      found.push({ line: index + 1, text: line });
    }
  });
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown document: explicit `id="..."`s and its headings' slugs. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/\bid="([^"]+)"/g)) anchors.add(match[1] ?? '');
  const seen = new Map<string, number>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = headingSlug(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

interface AnchorCitation {
  from: string;
  line: number;
  document: string;
  anchor: string;
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at + 1);
}

/** Every `docs/x.md#anchor` in any file, and every Markdown link to an anchor in a document. */
function anchorCitationsIn(path: string, text: string): AnchorCitation[] {
  const citations: AnchorCitation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bdocs\/([\w.-]+\.md)#([\w-]+)/g)) {
      citations.push({
        from: path,
        line: index + 1,
        document: `docs/${match[1]}`,
        anchor: match[2] ?? '',
      });
    }
    if (!path.endsWith('.md')) return;
    for (const match of line.matchAll(/\]\(((?:[\w.-]+\/)*[\w.-]+\.md)?#([\w-]+)\)/g)) {
      const target = match[1];
      if (target?.startsWith('docs/')) continue; // Counted above.
      const document = target ? normalise(folderOf(path) + target) : path;
      citations.push({ from: path, line: index + 1, document, anchor: match[2] ?? '' });
    }
  });
  return citations;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

describe('citations in the source', () => {
  it('finds the files it checks', () => {
    const paths = files.map((file) => file.path);
    expect(paths).toContain('docs/product.md');
    expect(paths).toContain('packages/protocol/src/limits.ts');
    expect(paths.some((path) => path.startsWith('apps/web/src/'))).toBe(true);
    expect(paths.some((path) => path.startsWith('apps/server/src/'))).toBe(true);
  });

  it('never point at a document outside the repository', () => {
    const hits = files.flatMap(({ path, text }) =>
      outsideCitationsIn(text).map(({ line, text: content }) => `${path}:${line}: ${content}`),
    );
    expect(hits, 'cite a docs/product.md or docs/architecture.md anchor instead').toEqual([]);
  });

  it('cite anchors that exist in the cited document', () => {
    const anchorsByDocument = new Map<string, Set<string> | null>();
    const anchorsIn = (document: string) => {
      if (!anchorsByDocument.has(document)) {
        const file = files.find((candidate) => candidate.path === document);
        anchorsByDocument.set(document, file ? anchorsOf(file.text) : null);
      }
      return anchorsByDocument.get(document);
    };
    const broken = files
      .flatMap(({ path, text }) => anchorCitationsIn(path, text))
      .filter(({ document, anchor }) => !anchorsIn(document)?.has(anchor))
      .map(({ from, line, document, anchor }) => `${from}:${line}: ${document}#${anchor}`);
    expect(broken).toEqual([]);
  });
});

describe('the citation checks themselves', () => {
  it('catch each way of citing an outside document, also over two comment lines', () => {
    const cited = [
      '/** The guard (spec section 2). */',
      "// vaul's defaults are the spec's (section 9)",
      ' * as in §4 of the notes',
      '/** Every route of DESIGN.md. */',
      '// a change applies (spec: only on 200)',
      '// the order they were pinned, spec\n// section 4, then the rest',
    ];
    for (const text of cited) expect(outsideCitationsIn(text), text).not.toEqual([]);
    expect(outsideCitationsIn('// the order they were pinned, spec\n// section 4')).toHaveLength(1);
  });

  it('leave alone words that only look alike', () => {
    const plain = [
      'export function openTransport(spec: McpTransport) {',
      "const scenario = parseScenario(spec, 'openai-text');",
      "test('sends the message', async () => {}); // e2e/tests/chat.spec.ts",
      '/** See docs/product.md#limits. */',
    ];
    for (const text of plain) expect(outsideCitationsIn(text), text).toEqual([]);
  });

  it('read explicit anchors and heading slugs', () => {
    const anchors = anchorsOf(
      '<a id="limits"></a>\n\n## Tools (MCP servers)\n\n## Tools (MCP servers)\n',
    );
    expect([...anchors].sort()).toEqual(['limits', 'tools-mcp-servers', 'tools-mcp-servers-1']);
  });

  it('resolve links relative to the citing document', () => {
    const citations = anchorCitationsIn(
      'docs/architecture.md',
      'See [limits](product.md#limits), [here](#web) and `docs/product.md#routes`.',
    );
    expect(citations.map(({ document, anchor }) => `${document}#${anchor}`)).toEqual([
      'docs/product.md#routes',
      'docs/product.md#limits',
      'docs/architecture.md#web',
    ]);
  });
});
