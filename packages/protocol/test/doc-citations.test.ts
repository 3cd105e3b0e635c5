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

/*
 * docs/architecture.md describes the tree: every path it names in backticks, in its folder maps
 * and in its diagram exists, and each folder map lists every folder and file at the top of the
 * folder it maps.
 */

const architecture = 'docs/architecture.md';
const workspaceFolders = ['apps', 'packages', 'e2e', 'docs', 'scripts'];
/** Where a path of the document may be written from (beside the repository's root). */
const pathBases = ['apps/server/src/', 'apps/server/', 'apps/web/src/', 'apps/web/'];
const fileName = /\.(?:ts|tsx|mts|mjs|js|json|md|css|html)$/;

function existsInRepo(path: string): boolean {
  const at = path.lastIndexOf('/', path.length - 2);
  const name = path.slice(at + 1).replace(/\/$/, '');
  if (!name.includes('*')) {
    try {
      return path.endsWith('/')
        ? statSync(join(root, path)).isDirectory()
        : statSync(join(root, path)).isFile();
    } catch {
      return false;
    }
  }
  const pattern = new RegExp(
    `^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
  );
  try {
    return readdirSync(join(root, path.slice(0, at + 1))).some((entry) => pattern.test(entry));
  } catch {
    return false;
  }
}

/** Every file name of the repository's source folders, for a name cited without its folder. */
const fileNames = new Set(files.map(({ path }) => path.slice(path.lastIndexOf('/') + 1)));

/** The first folders of the bases (db/, lib/, features/, ...): a token starting with one is a path. */
const knownFirstFolders = new Set(
  ['', ...pathBases].flatMap((base) =>
    readdirSync(join(root, base || '.')).filter(
      (name) => !skippedFolders.has(name) && statSync(join(root, base, name)).isDirectory(),
    ),
  ),
);

/** Whether a backticked token names a file or folder of the repository. */
function isRepoPath(token: string): boolean {
  if (!/^[\w.*/-]+$/.test(token) || token.startsWith('/') || token.startsWith('.')) return false;
  if (fileName.test(token) || token.endsWith('/')) return true;
  const first = token.split('/')[0] ?? '';
  return workspaceFolders.includes(first) || (token.includes('/') && knownFirstFolders.has(first));
}

/** The existing path a token names, written from the root, a base or a folder cited before it. */
function resolvedPath(token: string, folders: readonly string[]): string | undefined {
  if (!token.includes('/') && fileNames.has(token)) return token;
  const candidates = fileName.test(token) || token.endsWith('/') ? [token] : [token, `${token}/`];
  for (const base of ['', ...folders, ...pathBases]) {
    const found = candidates.find((candidate) => existsInRepo(base + candidate));
    if (found !== undefined) return base + found;
  }
  return undefined;
}

/** `@confab/protocol/x` is packages/protocol/src/x.ts. */
function protocolModuleExists(token: string): boolean {
  const module = /^@confab\/protocol\/([\w-]+)$/.exec(token)?.[1];
  return module === undefined || existsInRepo(`packages/protocol/src/${module}.ts`);
}

interface DocPath {
  line: number;
  path: string;
}

/** Paths named by a document, each with the folders named before it in its paragraph. */
function missingPathsIn(markdown: string): DocPath[] {
  const missing: DocPath[] = [];
  let sectionFolders: string[] = [];
  let folders: string[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((line, index) => {
    const fenceMark = /^```(\w*)/.exec(line);
    if (fenceMark) {
      fence = fence === null ? (fenceMark[1] ?? '') : null;
      return;
    }
    // A heading's folder, as in "## Security tests (`apps/server/test/security/`)", holds for its section.
    if (fence === null && line.startsWith('#')) {
      sectionFolders = [...line.matchAll(/`([^`]+)`/g)]
        .map((match) => resolvedPath(match[1] ?? '', []))
        .filter((path): path is string => path?.endsWith('/') ?? false);
    }
    if (fence === null && (line.trim() === '' || /^(?:#|- )/.test(line)))
      folders = [...sectionFolders];
    const tokens =
      fence === 'mermaid'
        ? line
            .replace(/<br\/>/g, ' ')
            .split(/[\s"<>(),:[\]]+/)
            .filter((token) => token.includes('/') || fileName.test(token))
        : fence === ''
          ? []
          : [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    for (const token of tokens) {
      if (!protocolModuleExists(token)) missing.push({ line: index + 1, path: token });
      if (!isRepoPath(token)) continue;
      const path = resolvedPath(token, folders);
      if (path === undefined) missing.push({ line: index + 1, path: token });
      else if (path.endsWith('/')) folders.push(path);
    }
  });
  return missing;
}

/** The fenced folder maps: the folder a heading names in backticks, and the entries under it. */
function folderMapsIn(markdown: string): { folder: string; entries: string[] }[] {
  const maps: { folder: string; entries: string[] }[] = [];
  for (const match of markdown.matchAll(/^#+ .*`([\w/.-]+)`.*\n+```\n([\s\S]*?)```/gm)) {
    const entries = (match[2] ?? '')
      .split('\n')
      .map((line) => /^(\S+)/.exec(line)?.[1])
      .filter((entry): entry is string => entry !== undefined);
    maps.push({ folder: `${match[1]}/`, entries });
  }
  return maps;
}

/** Folders a map covers with one generic line: the layout of each feature, each language. */
const coveredByPattern = [/^features\/[^/]+\/[^/]+\/$/, /^locales\/[^/]+\/$/];

function treeOf(folder: string): string[] {
  const found: string[] = [];
  const walk = (relativeFolder: string) => {
    for (const name of readdirSync(join(root, folder, relativeFolder))) {
      const path = relativeFolder + name;
      if (statSync(join(root, folder, path)).isDirectory()) {
        found.push(`${path}/`);
        walk(`${path}/`);
      } else if (relativeFolder === '') {
        found.push(path);
      }
    }
  };
  walk('');
  return found;
}

describe('docs/architecture.md', () => {
  const text = files.find(({ path }) => path === architecture)?.text ?? '';

  it('names only paths that exist', () => {
    const missing = missingPathsIn(text).map(
      ({ line, path }) => `${architecture}:${line}: ${path}`,
    );
    expect(missing).toEqual([]);
  });

  it('maps every folder of the server and the web app, and the files at their top', () => {
    const maps = folderMapsIn(text);
    expect(maps.map(({ folder }) => folder).sort()).toEqual(['apps/server/src/', 'apps/web/src/']);
    for (const { folder, entries } of maps) {
      const listed = new Set(entries);
      const tree = treeOf(folder).filter((path) => !coveredByPattern.some((p) => p.test(path)));
      expect(
        tree.filter((path) => !listed.has(path)),
        `${folder} has these; the map does not`,
      ).toEqual([]);
      expect(
        entries.filter((entry) => !entry.includes('<') && !existsInRepo(folder + entry)),
        `the map of ${folder} lists these; the tree does not`,
      ).toEqual([]);
    }
  });
});

describe('the path checks themselves', () => {
  it('tell paths from other code', () => {
    for (const path of [
      'lib/ids.ts',
      'db/write-pipeline/',
      'apps/web',
      'features/social-chat/stores',
    ])
      expect(isRepoPath(path), path).toBe(true);
    for (const other of [
      '/api/chat-social-msg/',
      'user:{id}',
      'GET files/{id}',
      'app.redis',
      'seq',
    ])
      expect(isRepoPath(other), other).toBe(false);
  });

  it('report a moved file, and find one written from a folder cited before it', () => {
    expect(missingPathsIn('- See `lib/social-chat/outbox.ts`.').map(({ path }) => path)).toEqual([
      'lib/social-chat/outbox.ts',
    ]);
    expect(
      missingPathsIn('- `features/social-chat/`: `api/get-chats.ts`, `lib/outbox*.ts`.'),
    ).toEqual([]);
    expect(missingPathsIn('```mermaid\n  a["features/mind-box/x.ts"]\n```').length).toBe(1);
  });
});
