import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The programs of the write pipeline's threads, each a file of this folder. */
export type ThreadProgram = 'send-thread' | 'checkpointer-thread';

/**
 * Starts `program` in a worker thread.
 *
 * The build (scripts/build.mjs) emits each program as a file of its own beside dist/main.js,
 * where this module is bundled, so `./<program>.js` next to this module's URL is the program.
 * Run from the sources (tests, `npm run dev`, the admin command) there is no .js file: the
 * thread registers tsx's CommonJS hooks and requires the .ts file. (Node 20 does not apply
 * the ES module hooks of `--import tsx` to a worker's entry file.)
 */
export function startThread(program: ThreadProgram, workerData: unknown): Worker {
  const built = new URL(`./${program}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData });
  const source = fileURLToPath(new URL(`./${program}.ts`, import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const bootstrap = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`;
  return new Worker(bootstrap, { eval: true, workerData });
}
