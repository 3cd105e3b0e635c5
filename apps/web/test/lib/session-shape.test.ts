import { roles, sessionReplySchema } from '@confab/protocol/auth';
import { describe, expect, it } from 'vitest';
import { readSessionReply, sessionRoles } from '@/lib/auth/session-shape';

const user = { id: 'u1', username: 'alice', email: 'a@example.com', role: 'user' };

const samples: unknown[] = [
  {},
  { user, loggedInAt: '2025-01-01T00:00:00.000Z' },
  { user: { ...user, role: 'admin' }, loggedInAt: 'x' },
  { user: { ...user, role: 'owner' }, loggedInAt: 'x' },
  { user: { ...user, id: 1 }, loggedInAt: 'x' },
  { user: { id: 'u1', username: 'alice', role: 'user' }, loggedInAt: 'x' },
  { user },
  { user: null, loggedInAt: 'x' },
  { other: true },
  null,
  [],
  'signed-in',
  42,
];

describe('reading the session reply without the schema library', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the protocol schema on %s',
    (_name, sample) => {
      const expected = sessionReplySchema.safeParse(sample);
      const read = readSessionReply(sample);
      expect(read !== null).toBe(expected.success);
      if (expected.success) expect(read).toEqual(expected.data);
    },
  );

  it('knows the same roles as the protocol', () => {
    expect([...sessionRoles]).toEqual([...roles]);
  });
});
