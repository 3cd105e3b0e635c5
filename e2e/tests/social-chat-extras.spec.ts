import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  chatInput,
  closeAll,
  friendsInRoom,
  messageLog,
  messagesWith,
  openRoom,
  storedMessages,
} from '../support/chat-room';
import { inEveryLook } from '../support/looks';
import { personInBrowser } from '../support/users';

/** Opens the menu of the message showing `text` and picks `item`. */
async function fromMenu(page: Page, text: string, item: string) {
  await messagesWith(page, text).first().getByRole('button', { name: '消息操作' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Makes `a` and a new person friends through the API, and returns the new person and chat. */
async function newFriendOf(browser: Browser, a: { context: { request: APIRequestContext } }) {
  const carol = await personInBrowser(browser, 'carol');
  const add = await a.context.request.post('/api/chat-social-msg/contacts/add', {
    data: { receiverName: carol.username },
  });
  const { contact } = ((await add.json()) as { data: { contact: { id: string } } }).data;
  await carol.context.request.post('/api/chat-social-msg/contacts/accept', {
    data: { contact: contact.id },
  });
  const chat = await a.context.request.post('/api/chat-social-msg/contacts/chat', {
    data: { contact: contact.id },
  });
  const { chatId } = ((await chat.json()) as { data: { chatId: string } }).data;
  return { carol, chatId };
}

test('two friends reply, react live, forward and delete for themselves', async ({ browser }) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await friendsInRoom(browser);
  const { carol, chatId: aliceAndCarol } = await newFriendOf(browser, alice);

  await chatInput(alice.page).fill('Lunch at noon?');
  await chatInput(alice.page).press('Enter');
  await expect(messagesWith(bob.page, 'Lunch at noon?')).toHaveCount(1);

  // Bob replies: the composer says what he answers, the sent bubble quotes it on both sides.
  await fromMenu(bob.page, 'Lunch at noon?', '回复');
  await expect(bob.page.getByText(`回复 ${alice.username}：Lunch at noon?`)).toBeVisible();
  await expect(chatInput(bob.page)).toBeFocused();
  await chatInput(bob.page).fill('Yes, see you there');
  await chatInput(bob.page).press('Enter');
  await expect(bob.page.getByText(`回复 ${alice.username}：Lunch at noon?`)).toBeHidden();
  const reply = messagesWith(alice.page, 'Yes, see you there');
  await expect(reply.getByTestId('message-quote')).toContainText('Lunch at noon?');

  // Clicking the quote highlights the original.
  await reply.getByTestId('message-quote').click();
  await expect(messagesWith(alice.page, 'Lunch at noon?').first().locator('.ring-2')).toHaveCount(
    1,
  );

  // Bob reacts with the picker, by keyboard; nothing is fetched from elsewhere.
  const elsewhere: string[] = [];
  bob.page.on('request', (request) => {
    if (!request.url().startsWith(new URL(bob.page.url()).origin)) elsewhere.push(request.url());
  });
  await fromMenu(bob.page, 'Lunch at noon?', '添加回应');
  const picker = bob.page.getByRole('dialog', { name: '选择表情' });
  await expect(picker.getByRole('button', { name: '拇指向上' }).first()).toBeVisible();
  await bob.page.keyboard.press('ArrowDown');
  await bob.page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  expect(elsewhere).toEqual([]);
  const onAlice = messagesWith(alice.page, 'Lunch at noon?').getByRole('list', { name: '回应' });
  const thumbs = onAlice.getByRole('button', { name: new RegExp(`^👍️?：1。${bob.username}$`) });
  await expect(thumbs).toHaveAttribute('aria-pressed', 'false');
  // Alice adds hers: Bob sees two, and who.
  await thumbs.click();
  const onBob = messagesWith(bob.page, 'Lunch at noon?').getByRole('list', { name: '回应' });
  await expect(onBob.getByRole('button', { name: /：2。/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Bob takes his back.
  await onBob.getByRole('button', { name: /：2。/ }).click();
  await expect(
    onAlice.getByRole('button', { name: new RegExp(`：1。${alice.username}$`) }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Alice forwards Bob's reply to Carol: Carol is not told it was Bob's.
  await fromMenu(alice.page, 'Yes, see you there', '转发');
  const forward = alice.page.getByRole('dialog', { name: '转发到…' });
  await forward.getByRole('button', { name: carol.username }).click();
  await expect(alice.page.getByText(`已转发给 ${carol.username}`, { exact: true })).toBeVisible();
  await openRoom(carol.page, aliceAndCarol, alice.username);
  const copy = messagesWith(carol.page, 'Yes, see you there');
  await expect(copy).toContainText('转发的消息');
  await expect(copy).not.toContainText(bob.username);
  await expect(copy).toHaveAttribute('aria-label', alice.username);

  // Bob deletes Alice's question for himself: gone for him after a reload, still there for her.
  await fromMenu(bob.page, 'Lunch at noon?', '仅为我删除');
  await bob.page.getByRole('alertdialog').getByRole('button', { name: '仅为我删除' }).click();
  await expect(
    messageLog(bob.page).getByTestId('message-content').filter({ hasText: 'Lunch at noon?' }),
  ).toHaveCount(0);
  await bob.page.reload();
  await expect(messagesWith(bob.page, 'Yes, see you there')).toHaveCount(1);
  await expect(
    messageLog(bob.page).getByTestId('message-content').filter({ hasText: 'Lunch at noon?' }),
  ).toHaveCount(0);
  await expect(
    messageLog(alice.page).getByTestId('message-content').filter({ hasText: 'Lunch at noon?' }),
  ).toHaveCount(1);
  expect((await storedMessages(alice, chatId)).map((m) => m.content)).toEqual([
    'Lunch at noon?',
    'Yes, see you there',
  ]);
  await closeAll(alice, bob, carol);
});

test('screenshots of a quote, reactions, the picker and the forward dialog', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { alice, bob, chatId } = await friendsInRoom(browser);
  await newFriendOf(browser, alice);
  const api = alice.context.request;
  const send = async (who: typeof alice, body: Record<string, unknown>) =>
    (
      (await (
        await who.context.request.post(`/api/chat-social-msg/${chatId}/messages`, { data: body })
      ).json()) as {
        data: { newMessage: { _id: string } };
      }
    ).data.newMessage;
  const question = await send(bob, {
    content: 'Shall we meet at the station at noon, or is that too early for you?',
  });
  const answer = await send(alice, { content: 'Noon works. 中午见！', replyToId: question._id });
  for (const emoji of ['👍', '🎉']) {
    await api.post(`/api/chat-social-msg/${chatId}/messages/${question._id}/reactions`, {
      data: { emoji, value: true },
    });
  }
  await bob.context.request.post(
    `/api/chat-social-msg/${chatId}/messages/${question._id}/reactions`,
    {
      data: { emoji: '👍', value: true },
    },
  );
  await bob.context.request.post(
    `/api/chat-social-msg/${chatId}/messages/${answer._id}/reactions`,
    {
      data: { emoji: '❤️', value: true },
    },
  );
  const page = alice.page;
  const dir = '/tmp/shots-reactions';
  mkdirSync(dir, { recursive: true });
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    const look = `${view.name}-${colorScheme}-${language}`;
    await expect(page.getByTestId('message-quote')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${dir}/quote-reactions-${look}.png` });
    const menu = language === 'en' ? 'Message actions' : '消息操作';
    await page.getByRole('button', { name: menu }).first().click();
    await page.getByRole('menuitem', { name: language === 'en' ? 'React' : '添加回应' }).click();
    await expect(page.getByRole('dialog').getByRole('button').nth(3)).toBeVisible();
    await page.screenshot({ path: `${dir}/picker-${look}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: menu }).first().click();
    await page.getByRole('menuitem', { name: language === 'en' ? 'Forward' : '转发' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${dir}/forward-${look}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: menu }).last().click();
    await page.getByRole('menuitem', { name: language === 'en' ? 'Reply' : '回复' }).click();
    await page.screenshot({ path: `${dir}/replying-${look}.png` });
  });
  await closeAll(alice, bob);
});
