import { describe, expect, it } from 'vitest';
import { databaseRetryAfterSeconds, errorMessages } from '@confab/protocol/errors';
import { DatabaseTimeoutError } from '../../src/db/errors';
import { toErrorReply } from '../../src/plugins/errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

// What each engine and driver throws when the database cannot be reached, against errors of
// the statement itself: only the first are "try again later" (503), never a 500.
describe('errors of an unreachable database', () => {
  it.each([
    [
      'pg_terminate_backend',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['too many connections', withCode('53300', 'sorry, too many clients already')],
    ['a connection exception', withCode('08006', 'connection failure')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a connection lost mid-statement', new Error('Connection terminated unexpectedly')],
    ['a pool with no connection to give', new Error('timeout exceeded when trying to connect')],
    [
      'a broken client reused',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a silent link', new DatabaseTimeoutError(1000)],
    ['SQLite locked past its busy timeout', withCode('SQLITE_BUSY', 'database is locked')],
  ])('answers 503 DATABASE_UNAVAILABLE with a retry delay for %s', (_, error) => {
    expect(toErrorReply(error)).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: errorMessages.DATABASE_UNAVAILABLE,
      retryAfter: databaseRetryAfterSeconds,
    });
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601', 'syntax error at or near')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed')],
    ['a plain error', new Error('something else')],
  ])('keeps %s a 500 that shows nothing', (_, error) => {
    expect(toErrorReply(error)).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
  });
});
