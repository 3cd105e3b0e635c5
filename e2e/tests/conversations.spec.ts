import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { personInBrowser } from '../support/users';

type Person = Awaited<ReturnType<typeof personInBrowser>>;

/** `from` asks `to` to be friends and `to` accepts, through the contacts API; the pair's chat id. */
async function befriend(from: Person, to: Person): Promise<string> {
  const added = await from.context.request.post('/api/chat-social-msg/contacts/add', {
    data: { receiverName: to.username },
  });
  expect(added.status()).toBe(200);
  const { data: request } = (await added.json()) as { data: { contact: { id: string } } };
  const accepted = await to.context.request.post('/api/chat-social-msg/contacts/accept', {
    data: { contact: request.contact.id },
  });
  expect(accepted.status()).toBe(200);
  const { data } = (await accepted.json()) as { data: { contact: { chatId: string } } };
  return data.contact.chatId;
}

async function send(request: APIRequestContext, chatId: string, content: string) {
  const response = await request.post(`/api/chat-social-msg/${chatId}/messages`, {
    data: { content },
  });
  expect(response.status()).toBe(200);
}

async function unreadOf(request: APIRequestContext, chatId: string): Promise<number> {
  const response = await request.get('/api/chat-social-msg/chats');
  const { data } = (await response.json()) as {
    data: { chats: { _id: string; unread: number }[] };
  };
  return data.chats.find((chat) => chat._id === chatId)!.unread;
}

const conversation = (page: Page, name: string) =>
  page.getByRole('list', { name: '会话列表' }).getByRole('listitem', { name, exact: true });

test('a friend’s chat arrives live, counts unread, opens and clears, and shows presence', async ({
  browser,
}) => {
  const alice = await personInBrowser(browser, 'alice');
  const bob = await personInBrowser(browser, 'bob');
  await alice.page.goto('/agents');
  await expect(alice.page.getByText('暂无会话')).toBeVisible();

  // Becoming friends creates the chat: it appears without a reload, Bob offline.
  const chatId = await befriend(bob, alice);
  const row = conversation(alice.page, bob.username);
  await expect(row).toBeVisible();
  await expect(row.getByText('暂无消息')).toBeVisible();
  await expect(row.getByRole('img', { name: '在线' })).toHaveCount(0);
  await expect(row.getByRole('img', { name: bob.username })).toHaveText(
    bob.username[0]!.toUpperCase(),
  );

  // Bob's messages arrive live: preview, time and the unread count.
  await send(bob.context.request, chatId, 'Hello Alice');
  await expect(row.getByText('Hello Alice')).toBeVisible();
  await expect(row.getByText('1 条未读消息')).toBeAttached();
  await send(bob.context.request, chatId, '<b>bold?</b> <script>window.__x = 1</script>');
  await expect(row.getByText('<b>bold?</b> <script>window.__x = 1</script>')).toBeVisible();
  await expect(row.getByText('2 条未读消息')).toBeAttached();
  await expect(row.locator('time')).toHaveText(/^\d\d:\d\d$/);
  expect(await alice.page.evaluate(() => 'x' in window && (window as { __x?: unknown }).__x)).toBe(
    false,
  );

  // Bob opens Confab: the green dot shows; he leaves: it goes.
  await bob.page.goto('/agents');
  await expect(row.getByRole('img', { name: '在线' })).toBeVisible();
  await bob.page.close();
  await expect(row.getByRole('img', { name: '在线' })).toHaveCount(0);

  // Tapping opens the room with the chat active, and the chat is read.
  await row.getByRole('button', { name: bob.username, exact: true }).click();
  await expect(alice.page).toHaveURL(/\/socialChatRoom$/);
  await expect.poll(() => unreadOf(alice.context.request, chatId)).toBe(0);
  await alice.page.goto('/agents');
  await expect(row.getByText('<b>bold?</b> <script>window.__x = 1</script>')).toBeVisible();
  await expect(row.getByText(/条未读消息/)).toHaveCount(0);

  await alice.context.close();
  await bob.context.close();
});
