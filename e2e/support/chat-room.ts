import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { personInBrowser } from './users';

/** A 1×1 PNG: small enough to send, real enough to decode. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Person = Awaited<ReturnType<typeof personInBrowser>>;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok())
    throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Two signed-in people who are friends (a request sent and accepted through the contacts
 * API) and the id of their one-to-one chat. `options` adds to both browser contexts' options.
 */
export async function twoFriends(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{
  alice: Person;
  bob: Person;
  chatId: string;
}> {
  const alice = await personInBrowser(browser, 'alice', options);
  const bob = await personInBrowser(browser, 'bob', options);
  const { contact } = await ok<{ contact: { id: string } }>(
    await alice.context.request.post('/api/chat-social-msg/contacts/add', {
      data: { receiverName: bob.username },
    }),
  );
  await ok(
    await bob.context.request.post('/api/chat-social-msg/contacts/accept', {
      data: { contact: contact.id },
    }),
  );
  const { chatId } = await ok<{ chatId: string }>(
    await alice.context.request.post('/api/chat-social-msg/contacts/chat', {
      data: { contact: contact.id },
    }),
  );
  return { alice, bob, chatId };
}

/** Every message of the chat as the server holds it, read through the API as `person`. */
export async function storedMessages(person: Person, chatId: string) {
  const response = await person.context.request.get(
    `/api/chat-social-msg/${chatId}/messages?limit=100`,
  );
  return (await ok<{ messages: { content: string; clientId: string }[] }>(response)).messages;
}

/** The chat as `person` sees it (their unread count, say), read through the API. */
export async function storedChat(person: Person, chatId: string) {
  const response = await person.context.request.get('/api/chat-social-msg/chats');
  const { chats } = await ok<{ chats: { _id: string; unread: number }[] }>(response);
  const chat = chats.find((held) => held._id === chatId);
  if (!chat) throw new Error(`${chatId} is not among the chats of ${person.username}`);
  return chat;
}

export async function openRoom(page: Page, chatId: string, otherName: string) {
  await page.goto(`/socialChatRoom?chat=${chatId}`);
  await expect(page.getByRole('heading', { name: otherName })).toBeVisible();
}

export const messageLog = (page: Page) => page.getByRole('log', { name: '聊天消息' });
export const chatInput = (page: Page) => page.getByRole('textbox', { name: '消息' });

/** The messages showing `text`, whoever sent them. */
export const messagesWith = (page: Page, text: string | RegExp) =>
  messageLog(page).getByRole('article').filter({ hasText: text });

/** Two friends, each with their chat open in /socialChatRoom. */
export async function friendsInRoom(browser: Browser) {
  const friends = await twoFriends(browser);
  await openRoom(friends.alice.page, friends.chatId, friends.bob.username);
  await openRoom(friends.bob.page, friends.chatId, friends.alice.username);
  return friends;
}

export async function closeAll(...people: Person[]) {
  for (const person of people) await person.context.close();
}

/** Edits one's own message showing `text` through its menu, and waits for the edited mark. */
export async function editMessage(page: Page, text: string, newText: string) {
  await messagesWith(page, text).getByRole('button', { name: '消息操作' }).click();
  await page.getByRole('menuitem', { name: '编辑' }).click();
  const editor = page.getByRole('textbox', { name: '编辑消息' });
  await editor.fill(newText);
  await editor.press('Enter');
  await expect(messagesWith(page, newText)).toContainText('已编辑');
}

/** Deletes one's own message showing `text` through its menu, after the confirmation. */
export async function deleteMessage(page: Page, text: string) {
  await messagesWith(page, text).getByRole('button', { name: '消息操作' }).click();
  await page.getByRole('menuitem', { name: '删除', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(messagesWith(page, text)).toHaveCount(0);
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/**
 * Picks files in the room's composer and sends them, with `caption` as their text; files wait
 * in the tray until the send (docs/product.md#chat-files).
 */
export async function sendFiles(page: Page, files: FilePayload | FilePayload[], caption = '') {
  await page.getByTestId('attach-input').setInputFiles(files);
  await expect(page.getByRole('list', { name: /^(Files to send|待发送的文件)$/ })).toBeVisible();
  if (caption) await chatInput(page).fill(caption);
  await chatInput(page).press('Enter');
}
