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
  test.setTimeout(120_000);
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
  // Today's message: the time, on the Chinese 24-hour clock.
  await expect(row.locator('time')).toHaveText(/^\d{1,2}:\d\d$/);
  expect(await alice.page.evaluate(() => 'x' in window && (window as { __x?: unknown }).__x)).toBe(
    false,
  );

  // Bob opens Confab: the green dot shows; he leaves: it goes.
  await bob.page.goto('/agents');
  await expect(row.getByRole('img', { name: '在线' })).toBeVisible();
  await bob.page.close();
  // A tab closed while its transport is being upgraded is noticed only by the heartbeat
  // (socket.io's pingInterval + pingTimeout, 45 s), not at once: allow for that on a busy machine.
  await expect(row.getByRole('img', { name: '在线' })).toHaveCount(0, { timeout: 50_000 });

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

test('pin, archive and mute from a row, and search, kept by the server', async ({ browser }) => {
  const alice = await personInBrowser(browser, 'alice');
  const bob = await personInBrowser(browser, 'bob');
  const carol = await personInBrowser(browser, 'carol');
  const bobChat = await befriend(bob, alice);
  const carolChat = await befriend(carol, alice);
  await send(bob.context.request, bobChat, 'first from Bob');
  await send(carol.context.request, carolChat, 'Lunch at noon?');

  await alice.page.goto('/agents');
  const list = alice.page.getByRole('list', { name: '会话列表' });
  const names = () =>
    list.getByRole('listitem').evaluateAll((rows) => rows.map((r) => r.ariaLabel));
  await expect.poll(names).toEqual([carol.username, bob.username]);

  const choose = async (name: string, action: string) => {
    await conversation(alice.page, name)
      .getByRole('button', { name: `${name} 的更多操作` })
      .click();
    await alice.page.getByRole('menuitem', { name: action }).click();
  };
  await choose(bob.username, '置顶');
  await expect(
    conversation(alice.page, bob.username).getByRole('img', { name: '已置顶' }),
  ).toBeVisible();
  await expect.poll(names).toEqual([bob.username, carol.username]);
  await choose(bob.username, '静音');
  await expect(
    conversation(alice.page, bob.username).getByRole('img', { name: '已静音' }),
  ).toBeVisible();

  // Search: the last message, ignoring case.
  const search = alice.page.getByRole('searchbox', { name: '搜索聊天' });
  await search.fill('NOON');
  await expect.poll(names).toEqual([carol.username]);
  await search.fill('');
  await expect.poll(names).toEqual([bob.username, carol.username]);

  await choose(carol.username, '归档');
  await expect.poll(names).toEqual([bob.username]);
  await alice.page.getByRole('tab', { name: '已归档 (1)' }).click();
  await expect.poll(names).toEqual([carol.username]);

  // After a reload, the server still has it all.
  await alice.page.reload();
  await expect.poll(names).toEqual([bob.username]);
  await expect(
    conversation(alice.page, bob.username).getByRole('img', { name: '已静音' }),
  ).toBeVisible();
  await alice.page.getByRole('tab', { name: '已归档 (1)' }).click();
  await choose(carol.username, '取消归档');
  await alice.page.getByRole('tab', { name: '聊天' }).click();
  await expect.poll(names).toEqual([bob.username, carol.username]);

  for (const person of [alice, bob, carol]) await person.context.close();
});
