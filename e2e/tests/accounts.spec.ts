import { expect, test, type Page } from '@playwright/test';
import { newAccount, signUpViaApi } from '../support/accounts';

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

test('a visitor registers, logs out and logs back in', async ({ page }) => {
  const account = newAccount();
  await page.goto('/');
  await page
    .getByRole('link', { name: /create an account|register/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/public\/register$/);

  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/confab$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();

  await page.goto('/agents');
  await logOut(page);
  await expect(page).toHaveURL(/\/public\/login/);
  // Signed out for real: a protected page sends the visitor back to sign in.
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/public\/login\?redirect=%2Fcontacts$/);

  await signIn(page, account.email.toUpperCase(), account.password);
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('registration shows why it was refused', async ({ page, request }) => {
  const taken = await signUpViaApi(request);
  await page.goto('/public/register');
  await page.getByLabel('Username', { exact: true }).fill(taken.username.toUpperCase());
  await page.getByLabel('E-mail').fill(newAccount().email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register$/);

  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This username is already taken')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register$/);
});

test('a wrong password is refused with one message for every account', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  await page.context().clearCookies();
  await page.goto('/public/login');
  await signIn(page, account.username, 'not the password');
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await signIn(page, 'nobody_by_this_name', 'not the password');
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/public\/login$/);
});

test('signing in returns to the page first asked for, query included', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  await page.context().clearCookies();
  await page.goto('/contacts/Connect?from=mail&x=1');
  await expect(page).toHaveURL(
    '/public/login?redirect=%2Fcontacts%2FConnect%3Ffrom%3Dmail%26x%3D1',
  );
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL('/contacts/Connect?from=mail&x=1');
});

test('an off-site redirect is ignored: the visitor lands on /confab', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  await page.context().clearCookies();
  for (const target of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`/public/login?redirect=${encodeURIComponent(target)}`);
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL(/\/confab$/);
    // Signing in ends in a full load of the target: the address shows before the app has read
    // the session, and cookies cleared earlier would send it on to the sign-in page.
    await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();
    // Left first: the signed-in page, its session cleared under it, goes to the sign-in page on
    // its own, and that navigation interrupted the next target's.
    await page.goto('about:blank');
    await page.context().clearCookies();
  }
});

test('a signed-in visitor on a public page goes to /confab', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.goto('/public/login');
  await expect(page).toHaveURL(/\/confab$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/confab$/);
});
