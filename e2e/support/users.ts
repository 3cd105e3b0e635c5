import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { signUpViaApi } from './accounts';

/**
 * A signed-in person in a browser context of their own (their own cookie jar), with the
 * interface in Chinese, the language of the product's texts (docs/product.md#ui-texts).
 * `options` adds to the context's options (service workers allowed, say).
 */
export async function personInBrowser(
  browser: Browser,
  prefix: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; username: string; email: string }> {
  const context = await browser.newContext({ locale: 'zh-CN', ...options });
  const account = await signUpViaApi(context.request, prefix);
  const page = await context.newPage();
  return { context, page, username: account.username, email: account.email };
}
