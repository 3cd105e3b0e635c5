import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  isSignedIn,
  loginBodySchema,
  registerBodySchema,
} from '../src/auth';

describe('account schemas', () => {
  const valid = { username: 'alice.b-c_1', email: 'alice@example.com', password: '12345678' };

  it('accept a valid registration and trim the username and e-mail', () => {
    expect(
      registerBodySchema.parse({ ...valid, username: ' alice ', email: ' a@b.co ' }),
    ).toMatchObject({
      username: 'alice',
      email: 'a@b.co',
    });
  });

  it.each([
    ['username', ''],
    ['username', 'a'.repeat(33)],
    ['username', 'has space'],
    ['username', 'ünïcode'],
    ['email', 'nope'],
    ['password', '1234567'],
  ])('refuse %s %j', (field, value) => {
    const result = registerBodySchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('refuse unknown keys, so a client cannot smuggle a role', () => {
    expect(registerBodySchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'a', password: 'b', admin: true }).success).toBe(
      false,
    );
  });

  it('tell a signed-in session from an empty one', () => {
    expect(isSignedIn({})).toBe(false);
    expect(isSignedIn(undefined)).toBe(false);
    expect(
      isSignedIn({
        user: { id: '1', username: 'a', email: 'a@b.co', role: 'user' },
        loggedInAt: '',
      }),
    ).toBe(true);
  });
});

describe('password change schema', () => {
  it('accepts a current and a new password', () => {
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: '12345678' })
        .success,
    ).toBe(true);
  });

  it.each([
    [{ currentPassword: '', newPassword: '12345678' }, 'currentPassword'],
    [{ currentPassword: 'old', newPassword: '1234567' }, 'newPassword'],
    [{ currentPassword: '12345678', newPassword: '12345678' }, 'newPassword'],
    [{ newPassword: '12345678' }, 'currentPassword'],
  ])('refuses %j at %s', (body, field) => {
    const result = changePasswordBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('refuses unknown keys', () => {
    const body = { currentPassword: 'old', newPassword: '12345678', userId: 'someone' };
    expect(changePasswordBodySchema.safeParse(body).success).toBe(false);
  });
});
