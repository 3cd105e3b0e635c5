import { expect, test, type Page } from '@playwright/test';
import { chatInput, closeAll, friendsInRoom, messagesWith } from '../support/chat-room';

const readOnlyText = '无法在此聊天中发送消息。';
const banner = (page: Page, name: string) =>
  page.getByRole('status', { name: `你已屏蔽 ${name}。` });

async function send(page: Page, text: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await expect(chatInput(page)).toHaveValue('');
}

test('blocking from the chat list turns the other’s open room read-only at once; unblocking opens it again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alice, bob } = await friendsInRoom(browser);
  await send(alice.page, 'Before the block');
  await expect(messagesWith(bob.page, 'Before the block')).toHaveCount(1);

  // Alice blocks Bob from her chat list, after the contacts panel's confirmation.
  await alice.page.goto('/agents');
  await alice.page.getByRole('button', { name: `${bob.username} 的更多操作` }).click();
  await alice.page.getByRole('menuitem', { name: '屏蔽' }).click();
  const dialog = alice.page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${bob.username} 将无法再向你发送好友请求或消息`);
  await dialog.getByRole('button', { name: '屏蔽' }).click();

  // Bob, with the chat open and no reload: the composer is gone, one neutral line instead,
  // which does not say that he was blocked. The history stays.
  await expect(bob.page.getByText(readOnlyText)).toBeVisible();
  await expect(chatInput(bob.page)).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: '发送文件或图片' })).toHaveCount(0);
  await expect(bob.page.getByText(/屏蔽/)).toHaveCount(0);
  await expect(messagesWith(bob.page, 'Before the block')).toHaveCount(1);

  // Alice opens the chat: her own block is shown, with the unblock.
  await alice.page.getByRole('button', { name: bob.username, exact: true }).click();
  await expect(banner(alice.page, bob.username)).toBeVisible();
  await expect(alice.page.getByText(readOnlyText)).toBeVisible();
  await expect(messagesWith(alice.page, 'Before the block')).toHaveCount(1);

  await banner(alice.page, bob.username).getByRole('button', { name: '取消屏蔽' }).click();
  const unblock = alice.page.getByRole('alertdialog');
  await expect(unblock).toContainText(`你和 ${bob.username} 将恢复到屏蔽之前的状态。`);
  await unblock.getByRole('button', { name: '取消屏蔽' }).click();

  // They were friends before: both can write again, still without a reload.
  await expect(banner(alice.page, bob.username)).toHaveCount(0);
  await expect(chatInput(bob.page)).toBeVisible();
  await expect(bob.page.getByText(readOnlyText)).toHaveCount(0);
  // Both tabs are back in the chat's room: typing is seen again.
  await chatInput(bob.page).fill('Glad to be back');
  await expect(alice.page.getByText(`${bob.username} 正在输入…`)).toBeVisible();
  await chatInput(bob.page).press('Enter');
  await expect(messagesWith(alice.page, 'Glad to be back')).toHaveCount(1);
  await closeAll(alice, bob);
});
