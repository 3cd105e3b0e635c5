/**
 * Web storage that never throws: private windows, disabled cookies and full quotas make
 * localStorage and sessionStorage throw on access, and a preference that cannot be saved must
 * not break the page.
 */
type StorageKind = 'localStorage' | 'sessionStorage';

function storage(kind: StorageKind): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function readStorage(key: string, kind: StorageKind = 'localStorage'): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, kind: StorageKind = 'localStorage'): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

/** Keys of everything Confab keeps in web storage, in one place so none collide. */
export const storageKeys = {
  colorMode: 'confab:color-mode',
  language: 'confab:language',
  loginComplete: 'confab:login-complete',
  chunkReloads: 'confab:chunk-reloads',
  knownSession: 'confab:known-session',
  notifications: 'confab:notifications',
} as const;
