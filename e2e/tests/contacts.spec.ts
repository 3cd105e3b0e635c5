import { expect, test, type Page } from '@playwright/test';
import { personInBrowser } from '../support/users';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('two people become friends live, and the panel drawer opens on o', async ({ browser }) => {
  const alice = await personInBrowser(browser, 'alice');
  const bob = await personInBrowser(browser, 'bob');
  await alice.page.goto('/contacts');
  await bob.page.goto('/contacts');
  await expect(bob.page.getByText('暂无联系人')).toBeVisible();
  await expect(bob.page.getByText('您还没有添加任何联系人')).toBeVisible();

  // Alice adds Bob by name in the AddContact tab.
  await alice.page.getByRole('tab', { name: '添加联系人' }).click();
  const field = alice.page.getByLabel('好友名称');
  const submit = alice.page.getByRole('button', { name: '添加联系人', exact: true });
  await expect(submit).toBeDisabled();
  await field.fill('   ');
  await expect(alice.page.getByText('请输入有效的用户名或邮箱')).toBeVisible();
  await expect(submit).toBeDisabled();
  await field.fill(bob.username.toUpperCase());
  await submit.click();
  await expect(alice.page.getByText('添加成功')).toBeVisible();
  await expect(alice.page.getByText('联系人添加请求已发送！')).toBeVisible();
  await expect(field).toHaveValue('');

  // Bob's open page shows the request as it arrives, without a reload.
  const incoming = section(bob.page, '新的好友请求').getByRole('listitem', {
    name: alice.username,
  });
  await expect(incoming).toBeVisible();
  await alice.page.getByRole('tab', { name: '联系人列表' }).click();
  await expect(
    section(alice.page, '已发送的请求').getByRole('listitem', { name: bob.username }),
  ).toContainText('等待对方接受');

  await incoming.getByRole('button', { name: '接受' }).click();
  await expect(
    section(bob.page, '我的联系人').getByRole('listitem', { name: alice.username }),
  ).toBeVisible();
  await expect(section(bob.page, '新的好友请求')).toHaveCount(0);
  // Alice sees the acceptance live too.
  const bobForAlice = section(alice.page, '我的联系人').getByRole('listitem', {
    name: bob.username,
  });
  await expect(bobForAlice).toBeVisible();
  await expect(section(alice.page, '已发送的请求')).toHaveCount(0);

  // The key o toggles the drawer, but not while a text field has focus.
  const drawer = bob.page.getByRole('dialog', { name: '联系人' });
  await bob.page.locator('body').press('o');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('tab', { name: '联系人列表' })).toBeVisible();
  await bob.page.keyboard.press('o');
  await expect(drawer).toBeHidden();

  await bob.page.getByRole('tab', { name: '添加联系人' }).click();
  const bobField = bob.page.getByLabel('好友名称');
  await bobField.click();
  await bob.page.keyboard.type('ooo');
  await expect(bobField).toHaveValue('ooo');
  await expect(drawer).toBeHidden();
  await bobField.blur();
  await bob.page.keyboard.press('o');
  await expect(drawer).toBeVisible();
  await bob.page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The ghost user-plus button opens it too; a click outside closes it.
  await bob.page.getByRole('button', { name: '打开联系人面板' }).click();
  await expect(drawer).toBeVisible();
  await bob.page.mouse.click(10, 10);
  await expect(drawer).toBeHidden();

  // Dragged down past a quarter of its height, it closes. As for a person, the drag starts once
  // the drawer has slid in: the drawer ignores drags in its first half second (it measures where
  // the pointer started against where it stands, and it is still moving).
  await bob.page.keyboard.press('o');
  await expect(drawer).toBeVisible();
  const opened = Date.now();
  await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await bob.page.waitForTimeout(Math.max(0, 600 - (Date.now() - opened)));
  const box = (await drawer.boundingBox())!;
  await bob.page.mouse.move(box.x + box.width / 2, box.y + 10);
  await bob.page.mouse.down();
  await bob.page.mouse.move(box.x + box.width / 2, box.y + 10 + box.height * 0.6, { steps: 12 });
  await bob.page.mouse.up();
  await expect(drawer).toBeHidden();

  // 已是好友 opens the pair's chat.
  await bobForAlice.getByRole('button', { name: '已是好友' }).click();
  await expect(alice.page).toHaveURL(/\/socialChatRoom\?chat=[0-9a-f-]{36}$/);

  await alice.context.close();
  await bob.context.close();
});

test('a contact is blocked and unblocked from its menu, after confirmation', async ({
  browser,
}) => {
  const alice = await personInBrowser(browser, 'alice');
  const bob = await personInBrowser(browser, 'bob');
  await alice.page.goto('/contacts');
  await alice.page.getByRole('tab', { name: '添加联系人' }).click();
  await alice.page.getByLabel('好友名称').fill(bob.email);
  await alice.page.getByRole('button', { name: '添加联系人', exact: true }).click();
  await expect(alice.page.getByText('添加成功')).toBeVisible();

  await bob.page.goto('/contacts');
  const row = section(bob.page, '新的好友请求').getByRole('listitem', { name: alice.username });
  await row.getByRole('button', { name: `${alice.username} 的更多操作` }).click();
  await bob.page.getByRole('menuitem', { name: '屏蔽' }).click();
  const confirm = bob.page.getByRole('alertdialog', { name: `屏蔽 ${alice.username}？` });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `${alice.username} 的更多操作` }).click();
  await bob.page.getByRole('menuitem', { name: '屏蔽' }).click();
  await confirm.getByRole('button', { name: '屏蔽' }).click();
  const blocked = section(bob.page, '我的联系人').getByRole('listitem', { name: alice.username });
  await expect(blocked).toContainText('已屏蔽');

  // Alice's list loses Bob; nothing says she was blocked.
  await alice.page.getByRole('tab', { name: '联系人列表' }).click();
  await expect(alice.page.getByText('暂无联系人')).toBeVisible();

  await blocked.getByRole('button', { name: `${alice.username} 的更多操作` }).click();
  await bob.page.getByRole('menuitem', { name: '取消屏蔽' }).click();
  const unblock = bob.page.getByRole('alertdialog');
  await expect(unblock).toContainText(`你和 ${alice.username} 将恢复到屏蔽之前的状态。`);
  await unblock.getByRole('button', { name: '取消屏蔽' }).click();
  // The request was pending when Bob blocked it: it is pending again, not a friendship.
  await expect(row.getByRole('button', { name: '接受' })).toBeVisible();
  await expect(
    section(alice.page, '已发送的请求').getByRole('listitem', { name: bob.username }),
  ).toContainText('等待对方接受');

  await alice.context.close();
  await bob.context.close();
});

test('/contacts/Connect shows the live connection and its transport', async ({ browser }) => {
  const alice = await personInBrowser(browser, 'alice');
  await alice.page.goto('/contacts/Connect');
  await expect(alice.page.getByText('已连接')).toBeVisible();
  // Polling upgrades to websocket once the connection is up.
  await expect(alice.page.getByText('websocket')).toBeVisible();
  await alice.context.close();
});
