import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '@confab/protocol/auth';

let counter = 0;

/** A unique, valid account for a test; every field can be overridden. */
export function newAccount(
  overrides: Partial<{ username: string; email: string; password: string }> = {},
) {
  counter += 1;
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${tag}`.slice(0, 32),
    email: `user_${tag}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'confab_session');
  if (!cookie)
    throw new Error(`no session cookie in reply ${response.statusCode}: ${response.body}`);
  return `confab_session=${cookie.value}`;
}

/** Registers through the API, as a user would, and returns the user and their cookie. */
export async function signUp(
  app: FastifyInstance,
  overrides: Parameters<typeof newAccount>[0] = {},
): Promise<{ user: SessionUser; cookie: string; password: string }> {
  const account = newAccount(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/_auth/register',
    payload: account,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user: SessionUser }>();
  return { user: body.user, cookie: sessionCookieFrom(response), password: account.password };
}

/**
 * Registers an account and gives it the admin role the way an operator does
 * (`npm run admin -- grant`, the same service).
 */
export async function signUpAdmin(
  app: FastifyInstance,
  overrides: Parameters<typeof newAccount>[0] = {},
): Promise<{ user: SessionUser; cookie: string; password: string }> {
  const account = await signUp(app, overrides);
  return { ...account, user: await app.services.admins.grant(account.user.username) };
}
