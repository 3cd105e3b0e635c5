import { expect, test } from '@playwright/test';
import {
  chatInput,
  closeAll,
  deleteMessage,
  editMessage,
  friendsInRoom,
  messagesWith,
  openRoom,
  storedChat,
  storedMessages,
  sendFiles,
  tinyPng,
  twoFriends,
} from '../support/chat-room';

test('messages sent offline wait, survive a reload, and are delivered exactly once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await friendsInRoom(browser);

  // The network goes away: the message shows as sending, and nothing reaches the server.
  await alice.context.setOffline(true);
  await expect(alice.page.getByText('未连接：消息将在恢复连接后发送。')).toBeVisible();
  await chatInput(alice.page).fill('written on the train');
  await chatInput(alice.page).press('Enter');
  const pending = messagesWith(alice.page, 'written on the train');
  await expect(pending.getByRole('status')).toHaveText('发送中');
  // An image too: it is kept, file and all, until it can be uploaded.
  await sendFiles(alice.page, { name: 'train.png', mimeType: 'image/png', buffer: tinyPng });
  const pendingImage = messagesWith(alice.page, 'train.png');
  await expect(pendingImage.getByRole('status')).toHaveText('发送中');

  // The page comes back while the real-time server is still out of reach (a reload needs the
  // network; the socket stays cut off): the message is still there, still sending.
  await alice.page.route('**/socket.io/**', (route) => route.abort());
  await alice.context.setOffline(false);
  await alice.page.reload();
  await expect(alice.page.getByRole('heading', { name: bob.username })).toBeVisible();
  await expect(pending.getByRole('status')).toHaveText('发送中');
  await expect(pendingImage.getByRole('status')).toHaveText('发送中');
  expect(await storedMessages(bob, chatId)).toEqual([]);
  await expect(messagesWith(bob.page, 'written on the train')).toHaveCount(0);

  // The connection returns: the message leaves, once.
  await alice.page.unroute('**/socket.io/**');
  await expect(pending.getByRole('status')).toHaveText(/已发送|已读/, { timeout: 20_000 });
  await expect(messagesWith(bob.page, 'written on the train')).toHaveCount(1);
  await expect(pending).toHaveCount(1);
  const image = bob.page.getByRole('img', { name: 'train.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const stored = await storedMessages(bob, chatId);
  expect(stored.map((m) => m.content)).toEqual(['written on the train', 'train.png']);

  // Nothing more arrives later (no second send of the same message).
  await alice.page.reload();
  await expect(messagesWith(alice.page, 'written on the train')).toHaveCount(1);
  await expect(alice.page.getByRole('img', { name: 'train.png' })).toHaveCount(1);
  expect((await storedMessages(alice, chatId)).length).toBe(2);

  await closeAll(alice, bob);
});

test('messages sent, edited and deleted while one side was away arrive when it reconnects, in order', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob } = await friendsInRoom(browser);
  for (const text of ['before', 'soon deleted']) {
    await chatInput(alice.page).fill(text);
    await chatInput(alice.page).press('Enter');
    await expect(messagesWith(bob.page, text)).toHaveCount(1);
  }

  await bob.context.setOffline(true);
  await expect(bob.page.getByText('未连接：消息将在恢复连接后发送。')).toBeVisible();
  for (const text of ['missed one', 'missed two', 'missed three']) {
    await chatInput(alice.page).fill(text);
    await chatInput(alice.page).press('Enter');
    await expect(messagesWith(alice.page, text).getByRole('status')).toHaveText(/已发送|已读/);
  }
  // Alice also edits one message Bob holds and deletes another.
  await editMessage(alice.page, 'before', 'before, edited while Bob was away');
  await deleteMessage(alice.page, 'soon deleted');
  await expect(messagesWith(bob.page, 'missed')).toHaveCount(0);
  await expect(messagesWith(bob.page, 'soon deleted')).toHaveCount(1);

  await bob.context.setOffline(false);
  await expect(messagesWith(bob.page, 'missed')).toHaveCount(3, { timeout: 20_000 });
  const texts = await messagesWith(bob.page, 'missed')
    .getByTestId('message-content')
    .allTextContents();
  expect(texts).toEqual(['missed one', 'missed two', 'missed three']);
  const edited = messagesWith(bob.page, 'before, edited while Bob was away');
  await expect(edited).toContainText('已编辑');
  await expect(messagesWith(bob.page, 'soon deleted')).toHaveCount(0);
  await expect(messagesWith(bob.page, '此消息已删除')).toHaveCount(1);

  await closeAll(alice, bob);
});

test('messages read while their sender was away show as read when the sender reconnects', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  await openRoom(alice.page, chatId, bob.username);
  await chatInput(alice.page).fill('read this while I am gone');
  await chatInput(alice.page).press('Enter');
  const mine = messagesWith(alice.page, 'read this while I am gone');
  await expect(mine.getByRole('status')).toHaveText('已发送');

  await alice.context.setOffline(true);
  await expect(alice.page.getByText('未连接：消息将在恢复连接后发送。')).toBeVisible();
  // Bob opens the chat, which reads it; Alice hears nothing of it while offline.
  await openRoom(bob.page, chatId, alice.username);
  await expect(messagesWith(bob.page, 'read this while I am gone')).toHaveCount(1);
  await expect
    .poll(async () => (await storedChat(bob, chatId)).unread, { timeout: 10_000 })
    .toBe(0);
  await expect(mine.getByRole('status')).toHaveText('已发送');

  await alice.context.setOffline(false);
  await expect(mine.getByRole('status')).toHaveText('已读', { timeout: 20_000 });

  await closeAll(alice, bob);
});

test('a waiting message leaves when the connection returns, even with its chat room closed', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await friendsInRoom(browser);

  await alice.context.setOffline(true);
  await expect(alice.page.getByText('未连接：消息将在恢复连接后发送。')).toBeVisible();
  await chatInput(alice.page).fill('sent from the tunnel');
  await chatInput(alice.page).press('Enter');
  await expect(messagesWith(alice.page, 'sent from the tunnel').getByRole('status')).toHaveText(
    '发送中',
  );

  // Alice opens the conversation list instead (the socket still cut off), so the room is gone.
  await alice.page.route('**/socket.io/**', (route) => route.abort());
  await alice.context.setOffline(false);
  await alice.page.goto('/agents');
  await expect(alice.page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await storedMessages(bob, chatId)).toEqual([]);

  // The connection returns while the list is shown: the message is delivered, once.
  await alice.page.unroute('**/socket.io/**');
  await expect(messagesWith(bob.page, 'sent from the tunnel')).toHaveCount(1, { timeout: 20_000 });
  await expect
    .poll(async () => (await storedMessages(bob, chatId)).map((m) => m.content))
    .toEqual(['sent from the tunnel']);

  await closeAll(alice, bob);
});
