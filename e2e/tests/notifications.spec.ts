import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { inEveryLook } from '../support/looks';
import { twoFriends } from '../support/chat-room';

const shots = process.env.SHOTS_DIR;

test('the unread total shows in the title and on Chats, a friend request on Contacts, and the permission is asked above the chat list', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  // Two unread messages for alice, and a friend request from a third person.
  for (const content of ['first', 'second']) {
    const sent = await bob.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
      data: { content, clientId: crypto.randomUUID() },
    });
    expect(sent.ok()).toBe(true);
  }
  const carol = await browser.newContext();
  const account = {
    username: `carol_${Date.now().toString(36)}`,
    email: `carol_${Date.now()}@example.com`,
    password: 'correct horse battery',
  };
  expect((await carol.request.post('/api/_auth/register', { data: account })).status()).toBe(201);
  const requested = await carol.request.post('/api/chat-social-msg/contacts/add', {
    data: { receiverName: alice.username },
  });
  expect(requested.ok()).toBe(true);

  await alice.page.goto('/agents');
  await expect(alice.page).toHaveTitle(/^\(2\) /);
  await expect(alice.page.getByTestId('nav-badge-chats')).toHaveText('2');
  await expect(alice.page.getByTestId('nav-badge-contacts')).toHaveText('1');
  await expect(alice.page.getByRole('button', { name: '开启通知' })).toBeVisible();

  if (shots) {
    mkdirSync(shots, { recursive: true });
    await inEveryLook(alice.page, async ({ language, colorScheme, view }) => {
      const enable = language === 'en' ? 'Enable notifications' : '开启通知';
      await expect(alice.page.getByRole('button', { name: enable })).toBeVisible();
      await expect(alice.page).toHaveTitle(/^\(2\) /);
      await alice.page.screenshot({
        path: `${shots}/prompt-badges-${language}-${colorScheme}-${view.name}.png`,
      });
    });
  }

  // Reading the chat clears its count everywhere.
  await alice.page.goto(`/socialChatRoom?chat=${chatId}`);
  await expect(alice.page).not.toHaveTitle(/^\(/);
  await expect(alice.page.getByTestId('nav-badge-chats')).toHaveCount(0);
  await carol.close();
  await alice.context.close();
  await bob.context.close();
});
