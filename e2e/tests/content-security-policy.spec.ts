import { expect, test } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';

test('the built app runs under its CSP without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation: (t: string) => Promise<void> }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();

  await signUpViaApi(page.request);
  for (const path of ['/confab', '/contacts', '/agents/mindBox']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  }
  // An inline script injected into the page is refused: the policy is enforced, not only sent.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  expect(violations.filter((v) => !v.includes('inline'))).toEqual([]);
  expect(violations.some((v) => /script-src/.test(v))).toBe(true);
});
