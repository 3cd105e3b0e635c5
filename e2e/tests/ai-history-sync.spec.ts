import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';
import { signUpViaApi } from '../support/accounts';
import type { ProviderServer } from '../support/provider-server/server';

const attachment = (name: string) =>
  fileURLToPath(new URL(`../fixtures/attachments/${name}`, import.meta.url));

type Account = Awaited<ReturnType<typeof signUpViaApi>>;

/** Another device of the same account: a browser context of its own, signed in. */
async function secondDevice(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** A new account's first AI chat on this device: one prompt, answered by the test provider. */
async function firstChat(page: Page, provider: ProviderServer, prefix: string, prompt: string) {
  const account = await signUpViaApi(page.request, prefix);
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk-test',
    model: 'gpt-4o-mini',
  });
  await send(page, prompt);
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  return account;
}

const chatList = (page: Page) => page.getByRole('navigation', { name: 'AI chats' });

async function renameChat(page: Page, from: string, to: string) {
  await chatList(page)
    .getByRole('button', { name: `Rename: ${from}` })
    .click();
  const field = chatList(page).getByLabel('Chat name');
  await field.fill(to);
  await field.press('Enter');
  await expect(chatList(page)).toContainText(to);
}

// docs/product.md#ai-history-sync: an account's AI chats are on each of its devices.
test.describe('AI history on every device', () => {
  test('a second device lists the chats, opens one, and follows renames, replies and deletions live', async ({
    page,
    browser,
    provider,
  }) => {
    const alice = await firstChat(page, provider, 'sync', 'First question from the laptop');

    const phone = await secondDevice(browser, alice);
    await openAiChat(phone);
    await expect(chatList(phone)).toContainText('First question from the laptop');
    await chatList(phone).getByText('First question from the laptop').click();
    await expect(phone.getByTestId('prompt')).toHaveText('First question from the laptop');
    // The same reply as the laptop shows, once both have rendered it (markdown renders after
    // the stream ends).
    const replyText = (device: Page) => lastReply(device).getByTestId('reply').innerText();
    await expect
      .poll(async () => {
        const [shown, original] = [await replyText(phone), await replyText(page)];
        return shown !== '' && shown === original;
      })
      .toBe(true);

    // Both devices open: a rename on one shows on the other.
    await renameChat(phone, 'First question from the laptop', 'Renamed on the phone');
    await expect(chatList(page)).toContainText('Renamed on the phone');

    // A new prompt and reply on the laptop reach the phone, which has the chat open.
    await send(page, 'Second question from the laptop');
    await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
    await expect(phone.getByTestId('prompt').last()).toHaveText('Second question from the laptop');

    // Deleted on the laptop: gone from the phone.
    page.once('dialog', (dialog) => void dialog.accept());
    await chatList(page).getByRole('button', { name: 'Delete: Renamed on the phone' }).click();
    await expect(chatList(page)).not.toContainText('Renamed on the phone');
    await expect(chatList(phone)).not.toContainText('Renamed on the phone');
    await phone.context().close();
  });

  test("a prompt's image and file reach the other device with the message", async ({
    page,
    browser,
    provider,
  }) => {
    // docs/product.md#prompt-attachments: attachments are kept with the message, so they sync.
    const account = await signUpViaApi(page.request, 'attach-sync');
    await openAiChat(page);
    await configureProvider(page, {
      provider: 'OpenAI',
      base: provider.base('openai-text', '/v1'),
      key: 'sk-test',
      model: 'gpt-4o',
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([attachment('wide-gradient.png'), attachment('owl.pdf')]);
    await expect(page.getByTestId('pending-attachment')).toHaveCount(2);
    await send(page, 'Look at these on every device');
    await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();

    const phone = await secondDevice(browser, account);
    await openAiChat(phone);
    await chatList(phone).getByText('Look at these on every device').click();
    await expect(phone.getByTestId('prompt-image')).toHaveCount(1, { timeout: 30_000 });
    await expect(phone.getByTestId('prompt-file')).toContainText('owl.pdf');
    await phone.getByRole('button', { name: 'Open wide-gradient.png' }).click();
    await expect(phone.getByRole('dialog', { name: 'wide-gradient.png' })).toContainText(
      '2048 × 1024',
    );
    await phone.context().close();
  });

  test('a rename made offline reaches the other device once back online', async ({
    page,
    browser,
    provider,
  }) => {
    const alice = await firstChat(page, provider, 'offline', 'Question before the tunnel');

    const phone = await secondDevice(browser, alice);
    await openAiChat(phone);
    await expect(chatList(phone)).toContainText('Question before the tunnel');

    await page.context().setOffline(true);
    await renameChat(page, 'Question before the tunnel', 'Renamed in the tunnel');
    await page.context().setOffline(false);
    await expect(chatList(phone)).toContainText('Renamed in the tunnel');
    await phone.context().close();
  });

  test('keeping AI chats on one device deletes them from the server; a new device sees none', async ({
    page,
    browser,
    provider,
  }) => {
    const alice = await firstChat(page, provider, 'device', 'Private question');
    const phone = await secondDevice(browser, alice);
    await openAiChat(phone);
    await expect(chatList(phone)).toContainText('Private question');

    await page.getByRole('button', { name: 'Export / import' }).click();
    await expect(page.getByTestId('history-sync-status')).toHaveText(
      'AI chats are synced with your account',
    );
    await page.getByRole('menuitem', { name: 'Keep my AI chats on this device only' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Keep AI chats on this device only?' });
    await confirm.getByRole('button', { name: 'Delete from the server' }).click();
    // The toast (its text is also in a live region for screen readers).
    await expect(page.getByText('AI chats now stay on this device only').first()).toBeVisible();
    // Still here, on this device.
    await expect(chatList(page)).toContainText('Private question');

    // A device that had them keeps them; a new device finds none on the server.
    await phone.reload();
    await expect(chatList(phone)).toContainText('Private question');
    const tablet = await secondDevice(browser, alice);
    await openAiChat(tablet);
    await expect(tablet.getByText('No chats yet')).toBeVisible();
    await phone.context().close();
    await tablet.context().close();
  });
});
