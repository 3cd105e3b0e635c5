import { createHash, randomBytes } from 'node:crypto';

/** A session token is 32 random bytes; only its SHA-256 is stored, so a leaked table opens nothing. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token of the shape we issue; anything else is rejected without touching the database. */
export function looksLikeSessionToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
