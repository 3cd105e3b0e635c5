import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser asks for; images other than SVG and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Under this a compressed form saves less than its headers cost. */
const minBytes = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (brotli, top quality) and `name.gz` (gzip level 9) beside every compressible
 * file of `dir` of at least 1 KB, each only when smaller than the file. The server sends the
 * form a request accepts (br first) without compressing anything while it waits.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => compressible.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < minBytes) return;
      const bytes = await readFile(file);
      const forms = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      const [br, gz] = forms;
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

/** After a build, the compressed forms of its files (see precompressDir). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'confab:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
