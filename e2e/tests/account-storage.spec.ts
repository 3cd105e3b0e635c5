import type { Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import {
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  openProviderSettings,
  send,
  test,
} from '../support/ai-chat';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/public\/login$/);
}

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/public\/login/);
}

/** The OpenAI key the provider settings show, with OpenAI chosen. */
async function openAiKeyShown(page: Page): Promise<string> {
  const dialog = await openProviderSettings(page);
  await dialog.getByLabel('Provider').selectOption('OpenAI');
  const key = await dialog.getByLabel(/^API key/).inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return key;
}

// docs/product.md#account-storage: what one account keeps in this browser is its own.
test("the next account on a browser sees none of the previous one's chats and keys", async ({
  page,
  provider,
}) => {
  const chats = page.getByRole('navigation', { name: 'AI chats' });

  const alice = await signUpViaApi(page.request, 'alice');
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk-alice-only',
    model: 'gpt-4o-mini',
  });
  await send(page, 'A question of Alice');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  await expect(chats).toContainText('A question of Alice');
  await logOut(page);

  await signUpViaApi(page.request, 'bob');
  await openAiChat(page);
  await expect(chats).not.toContainText('A question of Alice');
  expect(await openAiKeyShown(page)).toBe('');
  await logOut(page);

  await signIn(page, alice.username, alice.password);
  await openAiChat(page);
  await expect(chats).toContainText('A question of Alice');
  expect(await openAiKeyShown(page)).toBe('sk-alice-only');
  await chats.getByText('A question of Alice').click();
  await expect(page.getByTestId('prompt')).toHaveText('A question of Alice');
});
