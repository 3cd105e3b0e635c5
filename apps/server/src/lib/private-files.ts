import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/**
 * DATA_DIR holds the database, uploaded files and the key of stored secrets: only the server's
 * own user may read it. Modes are set with chmod after creating, so the process umask neither
 * loosens nor changes them, and folders and files made by an older version are tightened.
 */
export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

export function makePrivateDirSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: privateDirMode });
  chmodSync(path, privateDirMode);
}

export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: privateDirMode });
  await chmod(path, privateDirMode);
}

/** Creates the file empty when it is missing (a database about to be opened) and makes it 0600. */
export function makePrivateFileSync(path: string): void {
  closeSync(openSync(path, 'a', privateFileMode));
  chmodSync(path, privateFileMode);
}

/** Makes the file 0600 when it exists. */
export function tightenFileSync(path: string): void {
  if (existsSync(path)) chmodSync(path, privateFileMode);
}
