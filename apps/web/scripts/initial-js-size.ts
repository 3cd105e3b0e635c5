/**
 * Measures the JavaScript a first visit to a page downloads: the entry chunk and everything it
 * imports statically, plus what the router loads before the page shows (the page's lazy chunk
 * with its static imports, and its text catalogs). Sizes are gzip level 9 of the built files,
 * found through Vite's manifest. Exits non-zero when a page is over the 150 KB budget.
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

/** What the first load of each measured page pulls in besides the entry (English catalogs). */
const pages: Record<string, string[]> = {
  '/public/login': [
    'src/features/auth/routes/login-page.tsx',
    'src/locales/en/common.json',
    'src/locales/en/auth.json',
  ],
  '/public/register': [
    'src/features/auth/routes/register-page.tsx',
    'src/locales/en/common.json',
    'src/locales/en/auth.json',
  ],
  '/': [
    'src/features/landing/routes/landing-page.tsx',
    'src/locales/en/common.json',
    'src/locales/en/landing.json',
  ],
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

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('No entry in the manifest; run `vite build` first.');

let over = false;
for (const [page, roots] of Object.entries(pages)) {
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
