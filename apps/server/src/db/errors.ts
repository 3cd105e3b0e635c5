/** True for a unique-constraint violation on either engine (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = error.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A statement that got no answer in time; its connection is closed (see connect.ts). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DATABASE_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

// Socket errors of a lost or refused connection.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'DATABASE_TIMEOUT',
]);

// SQLSTATEs of a server that is going away or takes no connections: class 08 (connection
// exception), admin and crash shutdown, "cannot connect now" (starting up), too many connections.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

// What `pg` and `pg-pool` throw without a code when a connection breaks or cannot be had.
const unavailableMessages = [
  /^Connection terminated/,
  /not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
];

/**
 * True when an error says the database cannot be reached right now (a lost, refused or silent
 * connection, a server shutting down, SQLite locked past its busy timeout), rather than that the
 * statement itself is wrong: trying again later may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (networkCodes.has(code) || unavailableStates.has(code)) return true;
    if (code.startsWith('08') && code.length === 5) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  const message = error instanceof Error ? error.message : undefined;
  return message !== undefined && unavailableMessages.some((pattern) => pattern.test(message));
}
