import { expect, test } from '@playwright/test';
import {
  chatInput,
  closeAll,
  deleteMessage,
  editMessage,
  friendsInRoom,
  messageLog,
  messagesWith,
  openRoom,
  sendFiles,
  tinyPng,
  twoFriends,
} from '../support/chat-room';
import { personInBrowser } from '../support/users';

test('without an active chat the room says so and links to the chats', async ({ browser }) => {
  const carol = await personInBrowser(browser, 'carol');
  await carol.page.goto('/socialChatRoom');
  await expect(carol.page.getByText('未选择会话')).toBeVisible();
  await carol.page.getByRole('link', { name: '打开聊天列表' }).click();
  await expect(carol.page).toHaveURL(/\/agents$/);
  await carol.context.close();
});

test('two friends chat live both ways: typing, read marks, edit, delete, an image and search', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob } = await friendsInRoom(browser);
  await expect(alice.page.getByTestId('presence')).toHaveText('在线');
  await expect(bob.page.getByTestId('presence')).toHaveText('在线');
  await expect(messageLog(alice.page)).toContainText('还没有消息');

  // Alice types: Bob sees it; the text is shown as written, never as markup.
  const hello = 'Hello <b>Bob</b> <img src=x onerror="window.pwned=1">';
  await chatInput(alice.page).fill(hello);
  await expect(bob.page.getByText(`${alice.username} 正在输入…`)).toBeVisible();
  await chatInput(alice.page).press('Enter');
  await expect(chatInput(alice.page)).toHaveValue('');
  await expect(bob.page.getByText(`${alice.username} 正在输入…`)).toBeHidden();
  const onBob = messagesWith(bob.page, 'Hello <b>Bob</b>');
  await expect(onBob).toHaveCount(1);
  await expect(onBob.locator('b, img')).toHaveCount(0);
  expect(await bob.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  // Bob's room is open and visible, so the message is read; Alice sees that live.
  const onAlice = messagesWith(alice.page, 'Hello <b>Bob</b>');
  await expect(onAlice.getByRole('status')).toHaveText('已读');
  // Only the sender may change a message: Bob's menu on it has no edit or deletion.
  await onBob.getByRole('button', { name: '消息操作' }).click();
  await expect(bob.page.getByRole('menuitem', { name: '回复', exact: true })).toBeVisible();
  await expect(bob.page.getByRole('menuitem', { name: '编辑' })).toHaveCount(0);
  await expect(bob.page.getByRole('menuitem', { name: '删除', exact: true })).toHaveCount(0);
  await bob.page.keyboard.press('Escape');

  // Bob answers; Alice sees it on the left, her own on the right.
  await chatInput(bob.page).fill('Hi Alice, nice to hear from you');
  await bob.page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(messagesWith(alice.page, 'nice to hear from you')).toHaveAttribute(
    'aria-label',
    bob.username,
  );
  await expect(onAlice).toHaveAttribute('aria-label', '我');

  // A blank message is not sent.
  await chatInput(alice.page).fill('   ');
  await expect(alice.page.getByRole('button', { name: '发送', exact: true })).toBeDisabled();
  await chatInput(alice.page).fill('');

  // Alice edits her message: Bob sees the new text, marked edited.
  await editMessage(alice.page, 'Hello <b>Bob</b>', 'Hello Bob, edited');
  const edited = messagesWith(bob.page, 'Hello Bob, edited');
  await expect(edited).toContainText('已编辑');
  await expect(messagesWith(bob.page, 'Hello <b>Bob</b>')).toHaveCount(0);

  // Then deletes it: both see it deleted.
  await deleteMessage(alice.page, 'Hello Bob, edited');
  await expect(messagesWith(bob.page, '此消息已删除')).toHaveCount(1);
  await expect(messagesWith(alice.page, '此消息已删除')).toHaveCount(1);
  await expect(messagesWith(bob.page, 'Hello Bob, edited')).toHaveCount(0);

  // An image is uploaded, sent and previewed on both sides.
  await sendFiles(alice.page, { name: 'dot <1>.png', mimeType: 'image/png', buffer: tinyPng });
  const image = bob.page.getByRole('img', { name: 'dot <1>.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(alice.page.getByRole('img', { name: 'dot <1>.png' })).toBeVisible();

  // A forbidden type and an oversized file are refused before anything is sent.
  await alice.page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>x</p>') });
  await expect(
    alice.page.getByText('无法发送 page.html：不允许 text/html 类型的文件。', { exact: true }),
  ).toBeVisible();
  await alice.page.getByTestId('attach-input').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(
    alice.page.getByText('big.png 太大：文件最大为 10 MB。', { exact: true }),
  ).toBeVisible();
  await expect(messagesWith(bob.page, 'page.html')).toHaveCount(0);
  await expect(messagesWith(bob.page, 'big.png')).toHaveCount(0);

  // Bob searches the chat and jumps to a result.
  await bob.page.getByRole('button', { name: '搜索消息' }).click();
  await bob.page.getByRole('searchbox', { name: '搜索聊天记录' }).fill('NICE TO');
  const results = bob.page.getByRole('list', { name: '搜索结果' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button').click();
  await expect(messagesWith(bob.page, 'nice to hear from you')).toBeInViewport();

  // Bob leaves: Alice sees him go offline.
  await closeAll(bob);
  await expect(alice.page.getByTestId('presence')).toHaveText(/^(离线|最后在线：刚刚)$/);
  await closeAll(alice);
});

test('older history loads at the top, 50 at a time, without the view jumping', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  for (let i = 1; i <= 120; i += 1) {
    const response = await alice.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
      data: {
        content: i === 5 ? 'history 5 needle' : `history ${i}`,
        clientId: crypto.randomUUID(),
      },
    });
    expect(response.status()).toBe(200);
  }
  await openRoom(bob.page, chatId, alice.username);
  const log = messageLog(bob.page);
  // All 120 are unread: the room opens at the new-messages line, above the first it holds.
  await expect(log.getByRole('separator', { name: '新消息' })).toBeInViewport();
  const first = log.getByText('history 71', { exact: true });
  await expect(first).toBeInViewport();

  // Near the top, the 50 before come in above; the message in view stays where it was.
  await expect(log.getByText('history 70', { exact: true })).toBeAttached();
  await expect(first).toBeInViewport();
  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(log.getByText('这是会话的开始。')).toBeVisible();
  await expect(log.getByText('history 1', { exact: true })).toBeVisible();
  // The list is virtualised: the rows in the page are a run of the history, in order.
  const order = (await log.getByTestId('message-content').allTextContents()).map((text) =>
    Number(text.replace('history ', '').replace(' needle', '')),
  );
  expect(order.length).toBeGreaterThan(5);
  expect(order).toEqual(Array.from({ length: order.length }, (_, i) => i + 1));

  // After a reload only the latest 50 are held; a search result far back is still reached.
  await bob.page.reload();
  await expect(log.getByRole('article').first()).toBeVisible();
  await expect(log.getByText('history 5 needle')).toHaveCount(0);
  await bob.page.getByRole('button', { name: '搜索消息' }).click();
  await bob.page.getByRole('searchbox', { name: '搜索聊天记录' }).fill('needle');
  await bob.page.getByRole('list', { name: '搜索结果' }).getByRole('button').click();
  await expect(log.getByText('history 5 needle')).toBeInViewport();

  await closeAll(alice, bob);
});

test('edits and deletions made while the room was closed show when it is opened again', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { alice, bob } = await friendsInRoom(browser);
  for (const text of ['to be edited', 'to be deleted']) {
    await chatInput(alice.page).fill(text);
    await chatInput(alice.page).press('Enter');
    await expect(messagesWith(bob.page, text)).toHaveCount(1);
  }

  // Bob goes to his chat list (the tab keeps what it loaded); Alice changes both messages.
  await bob.page.getByRole('navigation').getByRole('link', { name: '聊天', exact: true }).click();
  await expect(bob.page).toHaveURL(/\/agents$/);
  await editMessage(alice.page, 'to be edited', 'edited while Bob was elsewhere');
  await deleteMessage(alice.page, 'to be deleted');

  // Back in the room, Bob sees both changes.
  await bob.page
    .getByRole('list', { name: '会话列表' })
    .getByRole('button', { name: alice.username, exact: true })
    .click();
  await expect(bob.page).toHaveURL(/\/socialChatRoom$/);
  await expect(messagesWith(bob.page, 'edited while Bob was elsewhere')).toContainText('已编辑');
  await expect(messagesWith(bob.page, '此消息已删除')).toHaveCount(1);
  await expect(messagesWith(bob.page, /to be (edited|deleted)/)).toHaveCount(0);
  await closeAll(alice, bob);
});
