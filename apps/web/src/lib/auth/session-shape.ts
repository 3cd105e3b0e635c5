import type { Role, SessionReply, SessionUser, SignedInSession } from '@confab/protocol/auth';

/**
 * Reads a session reply without loading the schema library: every page starts by reading the
 * session, and zod would add 25 KB gzip to the first page. This follows
 * `sessionReplySchema` of @confab/protocol/auth; a test holds the two to the same answers.
 */
const roles: readonly Role[] = ['user', 'admin'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { id, username, email, role } = value;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof email !== 'string') {
    return null;
  }
  if (!roles.includes(role as Role)) return null;
  return { id, username, email, role: role as Role };
}

/** The session in `value`, or null when `value` is not a session reply. */
export function readSessionReply(value: unknown): SessionReply | null {
  if (!isRecord(value)) return null;
  if ('user' in value) {
    const user = readUser(value.user);
    const { loggedInAt } = value;
    return user && typeof loggedInAt === 'string' ? { user, loggedInAt } : null;
  }
  return Object.keys(value).length === 0 ? {} : null;
}

export function isSignedIn(session: SessionReply | null | undefined): session is SignedInSession {
  return !!session && 'user' in session;
}

export const sessionRoles = roles;
