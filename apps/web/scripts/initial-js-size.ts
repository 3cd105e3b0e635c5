/**
 * Measures the JavaScript a first visit to a page downloads: its document's entry chunk and
 * everything it imports statically, plus what loads before the page shows (the page's lazy
 * chunk with its static imports, and its text catalogs). The sign-in and registration pages are
 * the sign-in document (sign-in.html); the others the app (index.html). Sizes are gzip level 9
 * of the built files, found through Vite's manifest. Exits non-zero when a page is over the
 * 150 KB budget.
 *
 * Usage: tsx scripts/initial-js-size.ts (after `vite build`)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const budgetBytes = 150 * 1024;

/**
 * Each measured page: its document's entry in the manifest and what its first load pulls in
 * besides (English catalogs). The sign-in document holds both its pages in its entry chunk.
 */
const pages: Record<string, { entry: string; roots: string[] }> = {
  '/public/login': {
    entry: 'sign-in.html',
    roots: ['src/locales/en/common.json', 'src/locales/en/auth.json'],
  },
  '/public/register': {
    entry: 'sign-in.html',
    roots: ['src/locales/en/common.json', 'src/locales/en/auth.json'],
  },
  '/': {
    entry: 'index.html',
    roots: [
      'src/features/landing/routes/landing-page.tsx',
      'src/locales/en/common.json',
      'src/locales/en/landing.json',
    ],
  },
};

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;

function staticClosure(key: string, seen: Set<string>): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of this build`);
  seen.add(key);
  for (const child of chunk.imports ?? []) staticClosure(child, seen);
  return seen;
}

let over = false;
for (const [page, { entry, roots }] of Object.entries(pages)) {
  if (!manifest[entry]?.isEntry) throw new Error(`${entry} is no entry of this build`);
  const keys = [entry, ...roots].reduce((seen, key) => staticClosure(key, seen), new Set<string>());
  const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js'));
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(`${dist}${f}`), { level: 9 }).length,
    0,
  );
  const within = bytes <= budgetBytes;
  over ||= !within;
  console.log(
    `${page}: ${(bytes / 1024).toFixed(1)} KB gzip in ${files.length} files (${within ? 'within' : 'OVER'} the 150 KB budget)`,
  );
}
process.exitCode = over ? 1 : 0;
