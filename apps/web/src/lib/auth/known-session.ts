import type { SessionReply, SignedInSession } from '@confab/protocol/auth';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { isSignedIn, readSessionReply } from './session-shape';

/**
 * The account last seen signed in on this device (docs/product.md#installable-app): read when
 * the server cannot be reached, so a reload while offline opens that account's app (its offline
 * banner, its outbox) rather than the sign-in page. It grants nothing: the server checks the
 * session of every request, and an answer that nobody is signed in forgets it at once.
 */
export function knownSession(): SignedInSession | null {
  try {
    const session = readSessionReply(JSON.parse(readStorage(storageKeys.knownSession) ?? 'null'));
    return isSignedIn(session) ? session : null;
  } catch {
    return null;
  }
}

/** Keeps the server's latest answer: the signed-in account, or nothing. */
export function recordSessionReply(session: SessionReply): void {
  if (isSignedIn(session)) writeStorage(storageKeys.knownSession, JSON.stringify(session));
  else forgetKnownSession();
}

export function forgetKnownSession(): void {
  try {
    localStorage.removeItem(storageKeys.knownSession);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
