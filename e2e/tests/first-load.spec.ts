import { expect, test } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import { openAiChat } from '../support/ai-chat';

/**
 * The sign-in page's JavaScript is at most 100 kB on the wire. Bytes of a
 * given build do not vary from run to run, so unlike the timings (`npm run bench:web:wire`)
 * this budget holds in a test: a shared module that pulls a library into the first chunk fails
 * here, not in the next measurement.
 */
test('the sign-in page loads at most 100 kB of JavaScript, compressed, and nothing of zod', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; bytes: number }>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script') scripts.set(requestId, { url: response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });

  await page.goto('/public/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const loaded = [...scripts.values()];
  const total = loaded.reduce((sum, script) => sum + script.bytes, 0);
  expect(loaded.length).toBeGreaterThan(0);
  expect(total, loaded.map((s) => `${s.bytes} ${s.url}`).join('\n')).toBeLessThanOrEqual(100_000);
  // Zod (the contract's validation) is most of a chunk: the sign-in page checks replies by hand.
  for (const { url } of loaded) {
    const source = await (await page.request.get(url)).text();
    expect(source, url).not.toContain('$ZodType');
  }
});

/**
 * A cold open of a signed-in page waits for the account's stores (the switch to the session's
 * account, a chunk of its own). Asked for only once the session was read, the chunk added a
 * round trip after it: over a slow link, about a second before the AI chat could show.
 */
test('a signed-in page asks for the account switch while its session is still being read', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  let switchAsked = false;
  const asked = new Promise<void>((resolve) =>
    page.on('request', (request) => {
      if (/\/assets\/account-switch-[\w-]+\.js$/.test(request.url())) {
        switchAsked = true;
        resolve();
      }
    }),
  );
  // The session's reply is held until the chunk is asked for (or for 2 s, when it never is: the app gives a session read 5 s).
  let askedBeforeSession: boolean | null = null;
  await page.route('**/api/_auth/session', async (route) => {
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    askedBeforeSession ??= switchAsked;
    await route.continue();
  });

  await openAiChat(page);
  expect(askedBeforeSession).toBe(true);
});

/**
 * Every (re)connection of the socket reads the conversation list again (events before it may
 * be lost), so the list waits for the socket's first connection and is read once per open. The
 * socket's library loading late, over a slow link, must not make that two reads.
 */
test('the conversation list is read once per open, also when the socket library comes late', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  await page.route(/\/assets\/socket-client-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat-social-msg/chats')
      reads.push(new Date().toISOString());
  });
  const connected = page.waitForEvent('websocket', {
    predicate: (socket) => socket.url().includes('/socket.io/'),
  });

  const listRead = page.waitForResponse((response) =>
    response.url().endsWith('/api/chat-social-msg/chats'),
  );
  await page.goto('/agents');
  await listRead;
  await connected;
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);
});

/**
 * Every signed-in page counts the friend requests waiting for an answer (the navigation's
 * badge). It reads only those: the whole contact list of a user with a thousand friends is
 * 80 kB, which competed with the page's own files on a slow link.
 */
test('a signed-in page reads only the friend requests waiting for an answer, not the contact list', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const contactReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/chat-social-msg/contacts/list') contactReads.push(url.search);
  });
  await openAiChat(page);
  await page.waitForLoadState('networkidle');
  expect(contactReads.length).toBeGreaterThan(0);
  expect(new Set(contactReads)).toEqual(new Set(['?waiting=incoming']));
});

/**
 * Every signed-in page counts the unread messages of its chats (the title and the navigation's
 * badge). It reads only the counts, once per open: the chat list with its previews is about
 * 130 bytes a chat compressed, 127 kB for a user with a thousand chats.
 */
test("a signed-in page reads its chats' unread counts once, not the chat list", async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/chat-social-msg/chats')) reads.push(pathname);
  });
  await openAiChat(page);
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['/api/chat-social-msg/chats/unread']);
});

/**
 * Every page starts by reading the session. A signed-in visitor's document names that read in
 * its Link header, so the browser asks for it beside the document's scripts instead of once
 * they have come and run (over a slow link, about 200 ms sooner), and the page uses that reply.
 */
test('a signed-in page asks for its session with its document, before its code runs, and reads it once', async ({
  page,
}) => {
  await signUpViaApi(page.request);
  const events: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/_auth/session') events.push('session read');
  });
  page.on('requestfinished', (request) => events.push(new URL(request.url()).pathname));
  const response = await openAiChat(page);
  await page.waitForLoadState('networkidle');
  // No code of the app runs before its entry script has arrived.
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(
    (await response?.text()) ?? '',
  )?.[1];
  expect(entry).toBeDefined();
  expect(events.filter((event) => event === 'session read')).toHaveLength(1);
  expect(events.indexOf('session read')).toBeLessThan(events.indexOf(entry!));
});
