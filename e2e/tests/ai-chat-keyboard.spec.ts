import { configureProvider, expect, lastReply, openAiChat, send, test } from '../support/ai-chat';

const sizes = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let tags = 0;

for (const size of sizes) {
  test.describe(`AI chat keyboard at ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('Enter during a reply keeps the text and says why; Esc stops the reply', async ({
      signedIn: page,
      provider,
    }) => {
      const tag = `keyboard-${size.name}-${++tags}-${Date.now()}`;
      await openAiChat(page);
      await configureProvider(page, {
        provider: 'Ollama',
        base: provider.base(`ollama-text,hold:6,tag:${tag}`),
        model: 'gemma3:1b',
      });
      await send(page, 'Count to five');
      await expect(lastReply(page)).toContainText('Okay, here we go!');
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('A follow-up');
      await input.press('Enter');
      await expect(input).toHaveValue('A follow-up');
      await expect(page.getByRole('status').filter({ hasText: 'still being written' })).toHaveText(
        'A reply is still being written — stop it or wait for it to finish, then send.',
      );
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      await expect(page.getByTestId('prompt')).toHaveCount(1);

      await input.press('Escape');
      await expect(lastReply(page).getByTestId('stopped')).toBeVisible();
      await expect(page.getByText('still being written')).toBeHidden();
      await input.press('Enter');
      await expect(page.getByTestId('prompt')).toHaveText(['Count to five', 'A follow-up']);
      provider.release(tag);
    });

    test('an IME composition’s Enter never sends', async ({ signedIn: page, provider }) => {
      await openAiChat(page);
      await configureProvider(page, {
        provider: 'Ollama',
        base: provider.base('ollama-text'),
        model: 'gemma3:1b',
      });
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('你好');
      await input.dispatchEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true });
      await input.dispatchEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true });
      await expect(input).toHaveValue('你好');
      await expect(page.getByTestId('prompt')).toHaveCount(0);
      await input.press('Enter');
      await expect(page.getByTestId('prompt')).toHaveText(['你好']);
    });

    test('New chat reuses an empty chat and focuses the composer; Ctrl+K searches; ? lists the shortcuts', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      await configureProvider(page, {
        provider: 'Ollama',
        base: provider.base('ollama-text'),
        model: 'gemma3:1b',
      });
      await send(page, 'Count to five');
      await expect(lastReply(page).getByTestId('usage')).toBeVisible();
      const input = page.getByRole('textbox', { name: 'Message' });
      const list = page.getByRole('navigation', { name: 'AI chats' });
      const clickNewChat = async () => {
        if (size.name === 'phone') await page.getByRole('button', { name: 'Chat list' }).click();
        await list.getByRole('button', { name: 'New chat' }).first().click();
        await expect(page.getByRole('dialog', { name: 'AI chats' })).toBeHidden();
      };
      await clickNewChat();
      await expect(page.getByTestId('chat-empty')).toBeVisible();
      await expect(input).toBeFocused();
      await clickNewChat();
      await expect(input).toBeFocused();
      await page.keyboard.press('Control+Shift+O');
      await expect(input).toBeFocused();
      if (size.name === 'phone') await page.getByRole('button', { name: 'Chat list' }).click();
      await expect(list.getByRole('button', { name: /^Rename:/ })).toHaveCount(2);
      if (size.name === 'phone') await page.keyboard.press('Escape');

      await input.focus();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('searchbox', { name: 'Search chats' })).toBeFocused();
      if (size.name === 'phone') {
        await expect(page.getByRole('dialog', { name: 'AI chats' })).toBeVisible();
        await page.keyboard.press('Escape');
      } else {
        await page
          .getByRole('heading', { name: 'AI chat' })
          .focus()
          .catch(() => undefined);
        await page.locator('body').click({ position: { x: 5, y: 5 } });
      }
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('row', { name: /Search chats/ })).toContainText('Ctrl+K');
      await expect(dialog.getByRole('row', { name: /New chat/ })).toContainText('Ctrl+Shift+O');
    });

    test('the inspector lists a failed request with its status and the provider’s error', async ({
      signedIn: page,
      provider,
    }) => {
      await openAiChat(page);
      await configureProvider(page, {
        provider: 'DeepSeek',
        base: provider.base('x,status:401,message:Authentication%20Fails'),
        key: 'sk-test',
        model: 'deepseek-chat',
      });
      await send(page, 'Hello inspector');
      await expect(lastReply(page)).toContainText('Authentication Fails');
      await page.getByRole('button', { name: 'Inspector', exact: true }).click();
      const requests = page
        .getByRole('dialog', { name: 'Inspector' })
        .getByRole('list', { name: 'Requests' })
        .getByRole('listitem');
      await expect(requests).toHaveCount(1);
      await expect(requests.first()).toContainText('Request 1 · Failed · 401');
      await expect(requests.first()).toContainText('Authentication Fails');
      await expect(requests.first()).toContainText('"model": "deepseek-chat"');
    });
  });
}
