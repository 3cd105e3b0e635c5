import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { normalizePathname } from '@confab/protocol/sign-in-document';
import { z } from 'zod';

/** Written by the web app's build (apps/web/build/page-preload-plugin.ts). */
export const pagePreloadsFile = 'page-preloads.json';

// Only the build's own hashed scripts: nothing that could end the header's value or leave the site.
const assetScript = /^\/assets\/[\w.-]+\.js$/;
const tableSchema = z.record(z.string(), z.array(z.string()));

/**
 * Each page's `Link` header value, by its path: its scripts as module preloads, in the build's
 * order. A missing table gives none; one that is not the build's shape is left out whole, and
 * any file that is not one of the build's scripts, one by one (with a warning: the build and
 * the server are out of step).
 */
export function readPagePreloads(root: string, log: FastifyBaseLogger): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(join(root, pagePreloadsFile), 'utf8');
  } catch {
    return new Map();
  }
  let table: z.infer<typeof tableSchema>;
  try {
    table = tableSchema.parse(JSON.parse(text));
  } catch (error) {
    log.warn({ err: error }, `${pagePreloadsFile} is not a table of pages' scripts; ignored`);
    return new Map();
  }
  const links = new Map<string, string>();
  for (const [path, files] of Object.entries(table)) {
    const scripts = files.filter((file) => assetScript.test(file));
    if (scripts.length < files.length) log.warn({ path }, `${pagePreloadsFile}: files ignored`);
    if (scripts.length === 0) continue;
    links.set(path, scripts.map((file) => `<${file}>; rel=modulepreload; crossorigin`).join(', '));
  }
  return links;
}

/**
 * The session's read, which both documents start with (the sign-in page to send a signed-in
 * visitor on): fetched beside their scripts instead of once those have run. `as=fetch` with
 * `crossorigin` (same-origin credentials) is what the page's own `fetch` is matched against.
 */
export const sessionReadPreload = '</api/_auth/session>; rel=preload; as=fetch; crossorigin';

/** The page a document request is for, as the web app's router reads its path. */
export function pagePathOf(url: string): string {
  return normalizePathname(url.split(/[?#]/, 1)[0] ?? '/');
}
