import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';

async function openAccount(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Account and security' }).click();
  return page.getByRole('dialog', { name: 'Account and security' });
}

/** Another browser (its own cookies) signed in to the same account. */
async function otherDevice(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/_auth/login', {
    data: { username, password },
  });
  expect(response.status()).toBe(200);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  return page;
}

test('changing the password signs out the other devices, not this one', async ({
  page,
  browser,
}) => {
  const account = await signUpViaApi(page.request);
  const phone = await otherDevice(browser, account.username, account.password);
  await page.goto('/contacts');
  const dialog = await openAccount(page);

  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The new password needs at least 8 characters')).toBeVisible();

  await dialog.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await dialog.getByLabel('Repeat the new password').fill('a brand new secret');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();

  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Password changed. 1 other session was signed out.',
  );
  await page.keyboard.press('Escape');

  // This browser goes on with its new cookie; the other one is signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await phone.reload();
  await expect(phone).toHaveURL(/\/public\/login/);

  // Only the new password signs in now.
  const old = await phone.request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await phone.request.post('/api/_auth/login', {
    data: { username: account.username, password: 'a brand new secret' },
  });
  expect(fresh.status()).toBe(200);
  await phone.context().close();
});

test('signing out everywhere ends every session of the account', async ({ page, browser }) => {
  const account = await signUpViaApi(page.request);
  const laptop = await otherDevice(browser, account.username, account.password);
  await page.goto('/contacts');
  const dialog = await openAccount(page);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();

  await expect(page).toHaveURL(/\/public\/login/);
  await laptop.goto('/contacts');
  await expect(laptop).toHaveURL(/\/public\/login\?redirect=%2Fcontacts$/);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/public\/login\?redirect=%2Fcontacts$/);
  await laptop.context().close();
});
