import type { Page } from '@playwright/test';
import { configureProvider, expect, openAiChat, test } from '../support/ai-chat';
import { closeAll, storedMessages, twoFriends } from '../support/chat-room';
import { inEveryLook } from '../support/looks';

const shots = '/tmp/shots-askai';
const consentBar = (page: Page) => page.getByTestId('ai-consent');
const aiSwitch = (page: Page) => consentBar(page).getByRole('switch');
const liveBubble = (page: Page) => page.getByTestId('live-ai-answer');

async function openRoom(page: Page, chatId: string, otherName: string) {
  await page.goto(`/socialChatRoom?chat=${chatId}`);
  await expect(page.getByRole('heading', { name: otherName })).toBeVisible();
}

/** Alice and Bob in their chat, Alice's own model set up against the recorded provider. */
async function friendsWithAi(browser: Parameters<typeof twoFriends>[0], providerBase: string) {
  const friends = await twoFriends(browser, { locale: 'en-US' });
  await openAiChat(friends.alice.page);
  await configureProvider(friends.alice.page, {
    provider: 'OpenAI',
    base: providerBase,
    key: 'sk-test',
    model: 'gpt-4o-mini',
  });
  await openRoom(friends.alice.page, friends.chatId, friends.bob.username);
  await openRoom(friends.bob.page, friends.chatId, friends.alice.username);
  return friends;
}

async function switchOn(page: Page) {
  await aiSwitch(page).click();
  await expect(aiSwitch(page)).toBeChecked();
}

async function ask(page: Page, question: string) {
  const input = page.getByRole('textbox', { name: /^Message/ });
  await input.fill(`/ai ${question}`);
  await input.press('Enter');
  const panel = page.getByTestId('ask-ai-panel');
  await expect(panel.getByTestId('ask-ai-model')).toContainText('gpt-4o-mini');
  await panel.getByRole('button', { name: 'Ask' }).click();
  await expect(panel).toBeHidden();
}

test('with both consents, Bob sees Alice’s answer stream live, then the stored answer', async ({
  browser,
  provider,
}) => {
  test.setTimeout(180_000);
  const { alice, bob, chatId } = await friendsWithAi(
    browser,
    provider.base('openai-text,drip:120'),
  );
  await expect(consentBar(alice.page)).toContainText('Off');
  await switchOn(alice.page);
  await expect(consentBar(alice.page)).toContainText(`Waiting for ${bob.username}`);
  // One side on is not enough: the panel does not let Alice ask.
  await alice.page.getByRole('button', { name: 'Ask AI' }).click();
  const panel = alice.page.getByTestId('ask-ai-panel');
  await expect(
    panel.getByText('Both of you must switch on “AI in this chat” first.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Ask' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Cancel' }).click();

  await switchOn(bob.page);
  await expect(consentBar(alice.page)).toContainText('On');
  await expect(consentBar(bob.page)).toContainText('On');

  await ask(alice.page, 'What should we cook tonight?');
  await expect(liveBubble(bob.page)).toContainText(`${alice.username}'s gpt-4o-mini is answering…`);
  await expect(liveBubble(bob.page)).toContainText('Asked with 0 messages of context');
  await bob.page.screenshot({ path: `${shots}/live-bubble-1280-light-en.png` });
  // The stored answer replaces the bubble on both sides.
  await expect(liveBubble(bob.page)).toHaveCount(0, { timeout: 30_000 });
  await expect(liveBubble(alice.page)).toHaveCount(0);
  await expect.poll(async () => (await storedMessages(bob, chatId)).length).toBe(1);
  const [stored] = (await storedMessages(bob, chatId)) as unknown as {
    contentType: string;
    ai: { question: string; model: string };
  }[];
  expect(stored).toMatchObject({
    contentType: 'ai_answer',
    ai: { question: 'What should we cook tonight?' },
  });
  await closeAll(alice, bob);
});

test('Bob switches AI off mid-answer: it stops on both sides and nothing is stored', async ({
  browser,
  provider,
}) => {
  test.setTimeout(180_000);
  const { alice, bob, chatId } = await friendsWithAi(
    browser,
    provider.base('openai-text,hold:3,tag:askai-off'),
  );
  await switchOn(alice.page);
  await switchOn(bob.page);
  await ask(alice.page, 'Tell us a long story');
  await expect(liveBubble(bob.page)).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [375, 1280]) {
      await bob.page.emulateMedia({ colorScheme });
      await bob.page.setViewportSize({ width, height: 800 });
      await bob.page.screenshot({ path: `${shots}/live-bubble-${width}-${colorScheme}-en.png` });
    }
  await aiSwitch(bob.page).click();
  for (const page of [alice.page, bob.page]) {
    await expect(page.getByTestId('live-ai-stopped')).toHaveText(`${bob.username} switched AI off`);
    await expect(liveBubble(page)).toHaveCount(0);
  }
  provider.release('askai-off');
  expect(await storedMessages(alice, chatId)).toEqual([]);
  await closeAll(alice, bob);
});

test('a blocked chat offers no AI', async ({ browser, provider }) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await friendsWithAi(browser, provider.base('openai-text'));
  await switchOn(alice.page);
  await switchOn(bob.page);
  const blocked = await bob.context.request.post(`/api/chat-social-msg/chats/${chatId}/block`, {
    data: { value: true },
  });
  expect(blocked.ok()).toBe(true);
  await expect(consentBar(alice.page)).toContainText('Off');
  await expect(aiSwitch(alice.page)).toBeDisabled();
  await expect(alice.page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0);
  const refused = await alice.context.request.put(`/api/chat-social-msg/chats/${chatId}/ai`, {
    data: { enabled: true },
  });
  expect(refused.status()).toBe(403);
  await closeAll(alice, bob);
});

test('screenshots: the consent switch and the ask panel in every look', async ({
  browser,
  provider,
}) => {
  test.setTimeout(240_000);
  const { alice, bob } = await friendsWithAi(browser, provider.base('openai-text'));
  await switchOn(alice.page);
  await inEveryLook(alice.page, async ({ language, colorScheme, view }) => {
    const look = `${view.width}-${colorScheme}-${language}`;
    await expect(consentBar(alice.page)).toBeVisible();
    await alice.page.screenshot({ path: `${shots}/consent-${look}.png` });
    await alice.page.getByRole('button', { name: /^(Ask AI|问 AI)$/ }).click();
    const panel = alice.page.getByTestId('ask-ai-panel');
    await expect(panel.getByTestId('ask-ai-model')).toContainText('gpt-4o-mini');
    await alice.page.screenshot({ path: `${shots}/panel-${look}.png` });
    await alice.page.keyboard.press('Escape');
  });
  await closeAll(alice, bob);
});
