import { expect, test } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';

test('an unknown path shows the 404 page, signed out and signed in', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL('/no/such/page?x=1');

  await signUpViaApi(page.request);
  await page.goto('/agents/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL('/agents/nothing-here');
});

test('the colour mode survives a reload, and System follows the OS live', async ({ page }) => {
  await signUpViaApi(page.request);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/agents/header/colorMode');
  const html = page.locator('html');
  const picker = page.getByRole('radiogroup', { name: 'Colour mode' }).first();

  await picker.getByRole('radio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(
    page
      .getByRole('radiogroup', { name: 'Colour mode' })
      .first()
      .getByRole('radio', { name: 'Dark' }),
  ).toBeChecked();

  await page
    .getByRole('radiogroup', { name: 'Colour mode' })
    .first()
    .getByRole('radio', { name: 'System' })
    .click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('the language switch changes the texts and is remembered', async ({ page }) => {
  const account = await signUpViaApi(page.request);
  await page.goto('/confab');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();

  await page.getByLabel('Language').first().selectOption({ label: '简体中文' });
  await expect(page.getByRole('heading', { name: `欢迎，${account.username}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();
  await expect(page.getByRole('heading', { name: `欢迎，${account.username}` })).toBeVisible();

  await page.getByLabel('Language').first().selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();
});

test('the component-preview pages show real components', async ({ page }) => {
  await page.goto('/__preview');
  await expect(page.getByRole('button').first()).toBeVisible();
  await signUpViaApi(page.request);
  await page.goto('/agents/header');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.goto('/test/draggable');
  await expect(page.getByRole('listitem').first()).toBeVisible();
});

test('the app reports its health and its build', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ ok: true });
  const latest = await request.get('/builds/latest.json');
  const build = (await latest.json()) as { id: string };
  expect(build.id).toEqual(expect.any(String));
  expect((await request.get(`/builds/meta/${build.id}.json`)).status()).toBe(200);
});
