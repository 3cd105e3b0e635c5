import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { privateFileMode, tightenFileSync } from './private-files';

export const secretKeyVariable = 'CONFAB_SECRET_KEY';

/** The key as CONFAB_SECRET_KEY gives it: base64 of 32 bytes; anything else is refused. */
export function parseSecretKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text.trim())) {
    throw new Error(
      `${where} must be 32 bytes in base64 (for example the output of: openssl rand -base64 32)`,
    );
  }
  return key;
}

export interface SecretKey {
  key: Buffer;
  /** Where it came from, for messages. */
  source: string;
  fromFile: boolean;
}

/**
 * The key that seals stored secrets: CONFAB_SECRET_KEY when set, else `DATA_DIR/secret.key`,
 * made (0600) on the first start. Several nodes must use the same key, so they set the
 * variable or share DATA_DIR.
 */
export function loadSecretKey(configured: string | undefined, dataDir: string): SecretKey {
  if (configured) {
    return {
      key: parseSecretKey(configured, secretKeyVariable),
      source: secretKeyVariable,
      fromFile: false,
    };
  }
  const file = join(dataDir, 'secret.key');
  const source = `DATA_DIR/secret.key (${file})`;
  if (!existsSync(file)) {
    // Written whole under another name, then linked (which fails if the name exists): of two
    // nodes starting at once on a shared DATA_DIR, one key wins and neither reads half a file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, {
      flag: 'wx',
      mode: privateFileMode,
    });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  tightenFileSync(file);
  return { key: parseSecretKey(readFileSync(file, 'utf8'), source), source, fromFile: true };
}
