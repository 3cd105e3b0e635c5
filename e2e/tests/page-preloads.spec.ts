import { expect, test } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';

/** Every page the build names files for, with a file of its own among them. */
const pages = [
  ['/agents/mindBox', /\/ai-chat-screen-/],
  ['/agents', /\/conversations-page-/],
  ['/socialChatRoom', /\/social-chat-room-page-/],
  ['/contacts', /\/contacts-page-/],
  ['/contacts/Connect', /\/connect-page-/],
] as const;

/**
 * A signed-in page's document names the page's own scripts in its Link header, so a cold open
 * fetches them beside the app's code rather than once that code has run (over a slow link, a
 * second sooner). Each one named is a script the page then runs: none is loaded for nothing,
 * and one the router no longer loads for the page (a page's module renamed or moved) fails here.
 */
test("a signed-in page's document names its own scripts, and the page runs each of them", async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  for (const [path, own] of pages) {
    const scripts = new Set<string>();
    const record = ({ type, response }: { type?: string; response: { url: string } }) => {
      if (type === 'Script') scripts.add(new URL(response.url).pathname);
    };
    cdp.on('Network.responseReceived', record);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    cdp.off('Network.responseReceived', record);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const named = [
      ...(response?.headers().link ?? '').matchAll(/<([^>]+)>; rel=modulepreload/g),
    ].map((match) => match[1]!);
    expect(
      named.some((file) => own.test(file)),
      `${path}: ${named.join(' ')}`,
    ).toBe(true);
    const unused = named.filter((file) => !scripts.has(file));
    expect(unused, `${path} does not run these`).toEqual([]);
  }
});
