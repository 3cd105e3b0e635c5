import { type Page } from '@playwright/test';
import { configureProvider, expect, openAiChat, send, test } from '../support/ai-chat';
import { closeAll, openRoom, twoFriends } from '../support/chat-room';
import { inEveryLook } from '../support/looks';

const shots = '/tmp/shots-aishare';

/** The page in English from now on (the AI chat's helpers speak it). */
async function inEnglish(page: Page) {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('confab:language', 'en'));
}

const aiCard = (page: Page) => page.getByTestId('ai-card');

/** Model output is formatted over a few frames (in the markdown worker): wait until it is. */
async function formatted(page: Page) {
  await expect(
    page.locator('[data-testid="ai-card"] [data-pending], [role="dialog"] [data-pending]'),
  ).toHaveCount(0);
}

/** What the server holds of `person`'s AI history: the chats' titles. */
async function syncedChatTitles(request: Page['request']): Promise<string[]> {
  const response = await request.get('/api/ai-history/chats');
  const body = (await response.json()) as {
    data: { changes: { chat?: { summary?: string } | null; summary?: string }[] };
  };
  return body.data.changes.map((change) => change.chat?.summary ?? change.summary ?? '');
}

test('Alice shares her AI reply; Bob sees the card live, opens it and continues in his own AI chat', async ({
  browser,
  provider,
}) => {
  test.setTimeout(180_000);
  const { alice, bob, chatId } = await twoFriends(browser);

  // Alice asks her own model (the recorded OpenAI stream).
  await inEnglish(alice.page);
  await openAiChat(alice.page);
  await configureProvider(alice.page, {
    provider: 'OpenAI',
    base: provider.base('openai-text', '/v1'),
    key: 'sk-test',
    model: 'gpt-4o',
  });
  await send(alice.page, 'What is 1231 times 2331?');
  await expect(alice.page.getByTestId('reply').last()).toContainText('2,869,461');

  await openRoom(bob.page, chatId, alice.username);

  // She shares the reply to Bob.
  await alice.page.getByRole('button', { name: 'Share to a friend' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Share to a chat' });
  await dialog.getByRole('button', { name: bob.username }).click();
  await expect(alice.page.getByText(`Shared to ${bob.username}`, { exact: true })).toBeVisible();

  // Bob sees it arrive, as a card, and in the chat list.
  const card = aiCard(bob.page);
  await expect(card).toContainText(`${alice.username} 分享了一个 AI 回答`);
  await expect(card).toContainText('gpt-4o · OpenAI');
  await expect(card.getByTestId('ai-prompt')).toHaveText('What is 1231 times 2331?');
  await expect(card.getByTestId('ai-reply')).toContainText('2,869,461');
  // The counts, but not what Alice paid.
  await expect(card.getByTestId('ai-usage')).toBeVisible();
  await expect(card.getByTestId('ai-cost')).toHaveCount(0);
  await expect(
    bob.page.getByRole('list', { name: '会话列表' }).getByText(/^\[分享的 AI 回答\] What is 1231/),
  ).toBeVisible();

  // Alice, in the room, sees what it cost her.
  await alice.page.goto(`/socialChatRoom?chat=${chatId}`);
  await expect(aiCard(alice.page).getByTestId('ai-cost')).toContainText('cost $');

  // Bob opens it in full.
  await card.getByRole('button', { name: '打开' }).click();
  const view = bob.page.getByRole('dialog');
  await expect(view.getByTestId('ai-view-turn')).toHaveCount(1);
  await expect(view).toContainText('What is 1231 times 2331?');
  await formatted(bob.page);
  await bob.page.screenshot({ path: `${shots}/e2e-full-view-bob.png` });

  // ...and continues in his own AI chat, which opens on it.
  await view.getByRole('button', { name: '在我的 AI 对话中继续' }).click();
  await expect(bob.page).toHaveURL(/\/agents\/mindBox$/);
  await expect(bob.page.getByTestId('prompt')).toHaveText('What is 1231 times 2331?');
  await expect(bob.page.getByTestId('reply')).toContainText('2,869,461');

  // It is in his AI history after a reload, and on the server for his other devices.
  await bob.page.reload();
  await expect(bob.page.getByTestId('reply')).toContainText('2,869,461', { timeout: 30_000 });
  await expect
    .poll(() => syncedChatTitles(bob.page.request), { timeout: 30_000 })
    .toContain('What is 1231 times 2331?');

  await closeAll(alice, bob);
});

test('a hostile AI message sent straight to the API shows inert', async ({ browser }) => {
  test.setTimeout(120_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  const hostile =
    'Hi <script>window.__pwned = 1</script><img src="http://127.0.0.1:9/x.png" onerror="window.__pwned = 2">\n\n' +
    '[click](javascript:window.__pwned=3) ![remote](http://127.0.0.1:9/i.png)';
  const response = await bob.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
    data: {
      type: 'ai_share',
      ai: {
        kind: 'share',
        title: '<b>title</b>',
        model: '<img src=x onerror=alert(1)>',
        provider: 'OpenAI',
        turns: [{ prompt: hostile, reply: hostile, reasoning: hostile, toolCalls: [] }],
        inputTokens: 1,
        outputTokens: 1,
      },
    },
  });
  expect(response.status()).toBe(200);
  const remote: string[] = [];
  alice.page.on('request', (request) => {
    if (request.url().includes('127.0.0.1:9')) remote.push(request.url());
  });
  await openRoom(alice.page, chatId, bob.username);
  const card = aiCard(alice.page);
  await expect(card.getByTestId('ai-reply')).toContainText('Hi');
  await card.getByRole('button', { name: '打开' }).click();
  const view = alice.page.getByRole('dialog');
  await expect(view.getByTestId('blocked-image').first()).toBeVisible();
  await view.getByText('思考过程').click();
  await formatted(alice.page);
  expect(await alice.page.locator('[data-testid="ai-card"] img, [role="dialog"] img').count()).toBe(
    0,
  );
  expect(
    await alice.page.evaluate(() => (window as { __pwned?: number }).__pwned ?? null),
  ).toBeNull();
  await expect(view.getByRole('link', { name: 'click' })).toHaveCount(0);
  expect(remote).toEqual([]);
  await closeAll(alice, bob);
});

test('the card and the full view in every look', async ({ browser }) => {
  test.setTimeout(300_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  // An answer asked in the chat is posted only where both switched AI on.
  for (const who of [alice, bob]) {
    const consent = await who.context.request.put(`/api/chat-social-msg/chats/${chatId}/ai`, {
      data: { enabled: true },
    });
    expect(consent.status()).toBe(200);
  }
  const reply =
    'Here is a plan:\n\n1. **Lisbon** for three days\n2. Porto by train\n\n```js\nconst days = 5;\n```\n\n' +
    'A long line that must wrap rather than overflow the card on a phone screen, even at 375 px wide.';
  for (const ai of [
    {
      kind: 'share',
      title: 'Trip planning',
      model: 'gpt-4o',
      provider: 'OpenAI',
      turns: [
        {
          prompt: 'Plan a five-day trip to Portugal',
          reply,
          reasoning: 'Thinking about trains',
          toolCalls: [{ name: 'weather', ok: true }],
        },
        { prompt: 'And the budget?', reply: 'About **900 EUR**.', reasoning: '', toolCalls: [] },
      ],
      inputTokens: 1200,
      outputTokens: 800,
    },
    {
      kind: 'answer',
      question: 'When do we both have time?',
      reply: 'Saturday afternoon suits you both.',
      reasoning: '',
      model: 'gpt-4o',
      provider: 'OpenAI',
      contextCount: 12,
      inputTokens: 900,
      outputTokens: 40,
    },
  ]) {
    const type = ai.kind === 'share' ? 'ai_share' : 'ai_answer';
    const response = await alice.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
      data: { type, ai },
    });
    expect(response.status()).toBe(200);
  }
  await openRoom(bob.page, chatId, alice.username);
  await inEveryLook(bob.page, async ({ language, colorScheme, view }) => {
    const name = `${view.name}-${colorScheme}-${language}`;
    const cards = aiCard(bob.page);
    await expect(cards).toHaveCount(2, { timeout: 30_000 });
    await cards.last().scrollIntoViewIfNeeded();
    await formatted(bob.page);
    await bob.page.screenshot({ path: `${shots}/card-${name}.png` });
    await cards
      .first()
      .getByRole('button', { name: language === 'en' ? 'Open' : '打开' })
      .click();
    await expect(bob.page.getByRole('dialog')).toBeVisible();
    await formatted(bob.page);
    await bob.page.screenshot({ path: `${shots}/full-${name}.png` });
    await bob.page.keyboard.press('Escape');
  });
  await closeAll(alice, bob);
});
