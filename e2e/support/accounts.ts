import type { APIRequestContext } from '@playwright/test';

let counter = 0;

/** A unique, valid account for one test. */
export function newAccount(prefix = 'e2e') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    username: `${prefix}_${tag}`.slice(0, 32),
    email: `${prefix}_${tag}@example.com`,
    password: 'correct horse battery',
  };
}

/** Creates an account through the API (faster than the form) and leaves the context signed in. */
export async function signUpViaApi(request: APIRequestContext, prefix = 'e2e') {
  const account = newAccount(prefix);
  const response = await request.post('/api/_auth/register', { data: account });
  if (response.status() !== 201)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return account;
}
