import { expect, test } from '@playwright/test';
import { closeAll, tinyPng, twoFriends } from '../support/chat-room';
import { inEveryLook } from '../support/looks';

const shots = process.env.SHOTS_DIR;

/**
 * Display names, avatars and "last seen" (docs/product.md#identity, #presence) as a user sees
 * them in the list, the room header, contacts and the account dialog, in every look.
 */
test('a friend shows with their display name, picture and when they were last seen', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  const named = await bob.context.request.put('/api/_auth/profile', {
    data: { displayName: '鲍勃 Bob 🚲' },
  });
  expect(named.ok()).toBe(true);
  const pictured = await bob.context.request.put('/api/_auth/avatar', {
    data: tinyPng,
    headers: { 'content-type': 'image/png' },
  });
  expect(pictured.ok()).toBe(true);
  await alice.context.request.put('/api/_auth/profile', { data: { displayName: '爱丽丝' } });
  // Bob was here and left: Alice sees when.
  await bob.page.goto('/agents');
  await bob.page.getByRole('heading').first().waitFor();
  await closeAll(bob);
  const chats = await (await alice.context.request.get('/api/chat-social-msg/chats')).json();
  const bobId = (chats as { data: { chats: { participants: { id: string }[] }[] } }).data.chats[0]!
    .participants[0]!.id;
  await expect
    .poll(
      async () => {
        const reply = await alice.context.request.get(`/api/chat-social-msg/presence/${bobId}`);
        return ((await reply.json()) as { data: { isOnline: boolean } }).data.isOnline;
      },
      { timeout: 60_000 },
    )
    .toBe(false);

  const page = alice.page;
  await page.goto('/agents');
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const look = `${view.name}-${colorScheme}-${language}`;
    const row = page.getByRole('listitem', { name: '鲍勃 Bob 🚲' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: '鲍勃 Bob 🚲' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/list-${look}.png` });

    await row.getByRole('button', { name: '鲍勃 Bob 🚲', exact: true }).click();
    await expect(page.getByRole('heading', { name: '鲍勃 Bob 🚲' })).toBeVisible();
    await expect(page.getByTestId('presence')).toHaveText(
      language === 'en' ? /^last seen (just now|\d+ min ago)$/ : /^最后在线：(刚刚|\d+ 分钟前)$/,
    );
    if (shots) await page.screenshot({ path: `${shots}/room-${look}.png` });

    await page.goto('/contacts');
    const contact = page.getByRole('listitem', { name: /鲍勃 Bob 🚲 \(/ });
    await expect(contact).toBeVisible();
    await expect(contact.getByTestId('presence')).toContainText(
      language === 'en' ? 'last seen' : '最后在线',
    );
    if (shots) await page.screenshot({ path: `${shots}/contacts-${look}.png` });

    await page.getByRole('button', { name: language === 'en' ? 'User menu' : '用户菜单' }).click();
    await page.getByRole('menuitem').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox').first()).toHaveValue('爱丽丝');
    if (shots) await page.screenshot({ path: `${shots}/account-${look}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`/agents`);
  });
  void chatId;
  await closeAll(alice);
});
