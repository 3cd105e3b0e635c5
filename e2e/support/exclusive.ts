import { mkdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Holds a run-wide lock while a spec changes state every spec shares (the operator's mcp.json,
 * the users' own servers policy): the two workers take turns. `mkdir` is atomic, so the first
 * to make the folder holds it.
 */
export async function holdExclusive(name: string): Promise<() => void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  const lock = join(dataDir, `lock-${name}`);
  const giveUpAt = Date.now() + 8 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > giveUpAt)
        throw new Error(`${lock} was held for 8 minutes`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
