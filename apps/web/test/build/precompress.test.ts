// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress-plugin';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'confab-precompress-'));
    mkdirSync(join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip forms beside text files that decode to the same bytes', async () => {
    const script = Buffer.from('export const answer = 42;\n'.repeat(200));
    const page = Buffer.from(`<!doctype html>${'<p>hello</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets', 'app-abc.js'), script);
    writeFileSync(join(dir, 'index.html'), page);
    await precompressDir(dir);
    for (const [path, bytes] of [
      ['assets/app-abc.js', script],
      ['index.html', page],
    ] as const) {
      const br = readFileSync(join(dir, `${path}.br`));
      const gz = readFileSync(join(dir, `${path}.gz`));
      expect(br.length, path).toBeLessThan(bytes.length);
      expect(brotliDecompressSync(br).equals(bytes), path).toBe(true);
      expect(gunzipSync(gz).equals(bytes), path).toBe(true);
    }
  });

  it('leaves small files, compressed formats and incompressible bytes alone', async () => {
    writeFileSync(join(dir, 'assets', 'tiny-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'photo-abc.png'), Buffer.alloc(4096, 7));
    // Random bytes do not shrink: no form bigger than the file is written.
    const noise = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    writeFileSync(join(dir, 'assets', 'noise-abc.js'), noise);
    await precompressDir(dir);
    for (const name of ['tiny-abc.js', 'photo-abc.png', 'noise-abc.js']) {
      expect(existsSync(join(dir, 'assets', `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, 'assets', `${name}.gz`)), name).toBe(false);
    }
  });
});
