import { expect, test, type Page } from '@playwright/test';
import { closeAll, messageLog, messagesWith, openRoom, twoFriends } from '../support/chat-room';

type Person = Awaited<ReturnType<typeof twoFriends>>['alice'];

/** `person` sends `texts` through the social API, one after another (the server's order). */
async function send(person: Person, chatId: string, ...texts: string[]) {
  for (const content of texts) {
    const reply = await person.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
      data: { content },
    });
    expect(reply.status()).toBe(200);
  }
}

async function unreadOf(person: Person, chatId: string): Promise<number> {
  const reply = await person.context.request.get('/api/chat-social-msg/chats');
  const { data } = (await reply.json()) as { data: { chats: { _id: string; unread: number }[] } };
  return data.chats.find((chat) => chat._id === chatId)!.unread;
}

/** Whether any part of the message with `text` reaches past its bubble or the message list. */
async function overflows(page: Page, text: string) {
  return messagesWith(page, text).evaluate((article) => {
    const content = article.querySelector('[data-testid="message-content"]')!;
    const bubble = content.parentElement!;
    const log = article.closest('[role="log"]')!;
    const right = (el: Element) => el.getBoundingClientRect().right;
    return (
      right(content) > right(bubble) + 1 ||
      right(bubble) > right(log) + 1 ||
      log.scrollWidth > log.clientWidth + 1
    );
  });
}

test('long words and links wrap inside the bubble; http(s) and mailto are links, other schemes text', async ({
  browser,
}) => {
  const { alice, bob, chatId } = await twoFriends(browser);
  const word = 'Supercalifragilistic'.repeat(12);
  const url = `https://example.com/${'very-long-path-segment/'.repeat(10)}?q=1`;
  await send(bob, chatId, word, `read ${url} or write mailto:team@example.com.`);
  await send(bob, chatId, 'javascript:alert(document.cookie) data:text/html,<b>x</b>');
  for (const width of [375, 1280]) {
    await alice.page.setViewportSize({ width, height: 800 });
    await openRoom(alice.page, chatId, bob.username);
    await expect(messagesWith(alice.page, 'Supercalifragilistic')).toBeVisible();
    expect(await overflows(alice.page, 'Supercalifragilistic')).toBe(false);
    expect(await overflows(alice.page, 'very-long-path-segment')).toBe(false);
  }
  const withLinks = messagesWith(alice.page, 'very-long-path-segment');
  const link = withLinks.getByRole('link', { name: url });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(withLinks.getByRole('link', { name: 'mailto:team@example.com' })).toHaveAttribute(
    'href',
    'mailto:team@example.com',
  );
  const scripts = messagesWith(alice.page, 'javascript:alert');
  await expect(scripts).toContainText('data:text/html,<b>x</b>');
  await expect(scripts.getByRole('link')).toHaveCount(0);
  await expect(scripts.locator('b')).toHaveCount(0);
  // A click opens the page in a new tab; this one stays where it was.
  await alice.context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>out</title>' }),
  );
  const [opened] = await Promise.all([alice.context.waitForEvent('page'), link.click()]);
  expect(opened.url()).toBe(url);
  expect(await opened.evaluate(() => window.opener === null)).toBe(true);
  await expect(alice.page).toHaveURL(/\/socialChatRoom/);
  await closeAll(alice, bob);
});

test('a chat opens at a new-messages line; groups show the name once; what is off screen stays unread until seen', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  await send(alice, chatId, 'earlier from alice');
  await send(bob, chatId, ...Array.from({ length: 40 }, (_, i) => `unread ${i + 1}`));
  await alice.page.setViewportSize({ width: 1280, height: 800 });
  await openRoom(alice.page, chatId, bob.username);
  const log = messageLog(alice.page);
  const line = log.getByRole('separator', { name: '新消息' });
  await expect(line).toBeVisible();
  // The line sits right above the first unread message, which starts a group: the name once.
  await expect(log.getByText('unread 1', { exact: true })).toBeVisible();
  await expect(log.getByText(bob.username, { exact: true })).toHaveCount(1);
  // Only what was on screen is read: the last of the 40 is below the view.
  await expect.poll(() => unreadOf(alice, chatId)).toBeLessThan(40);
  expect(await unreadOf(alice, chatId)).toBeGreaterThan(0);

  // Scrolled up, a new message is counted on the jump button and stays unread.
  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(alice.page.getByRole('button', { name: '跳到最新消息', exact: true })).toBeVisible();
  const before = await unreadOf(alice, chatId);
  await send(bob, chatId, 'arrived while away');
  const jump = alice.page.getByRole('button', { name: /跳到最新消息：\d+ 条新消息/ });
  await expect(jump).toBeVisible();
  await expect.poll(() => unreadOf(alice, chatId)).toBe(before + 1);
  // Jumping shows it and reads everything.
  await jump.click();
  await expect(messagesWith(alice.page, 'arrived while away')).toBeInViewport();
  await expect.poll(() => unreadOf(alice, chatId)).toBe(0);
  await expect(alice.page.getByRole('button', { name: /跳到最新消息/ })).toBeHidden();

  // At the bottom, a new message is followed and read at once.
  await send(bob, chatId, 'seen at once');
  await expect(messagesWith(alice.page, 'seen at once')).toBeInViewport();
  await expect.poll(() => unreadOf(alice, chatId)).toBe(0);
  await closeAll(alice, bob);
});

test('search closes with Escape and gives the focus back; the composer names the other person', async ({
  browser,
}) => {
  const { alice, bob, chatId } = await twoFriends(browser);
  await openRoom(alice.page, chatId, bob.username);
  await expect(alice.page.getByRole('textbox', { name: '消息' })).toHaveAttribute(
    'placeholder',
    `发消息给 ${bob.username}`,
  );
  const open = alice.page.getByRole('button', { name: '搜索消息' });
  await open.click();
  const field = alice.page.getByRole('searchbox', { name: '搜索聊天记录' });
  await expect(field).toBeFocused();
  await field.press('Escape');
  await expect(field).toBeHidden();
  await expect(open).toBeFocused();
  await closeAll(alice, bob);
});

test('on a wide screen the chats stay beside the room; on a phone the room header is one row', async ({
  browser,
}) => {
  const { alice, bob, chatId } = await twoFriends(browser);
  await send(bob, chatId, 'hello there');
  await alice.page.setViewportSize({ width: 1280, height: 800 });
  await alice.page.goto('/agents');
  await alice.page.getByRole('button', { name: bob.username, exact: true }).click();
  await expect(alice.page.getByRole('heading', { name: bob.username })).toBeVisible();
  const chats = alice.page.getByRole('region', { name: '聊天列表' });
  await expect(chats.getByRole('listitem', { name: bob.username })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(messagesWith(alice.page, 'hello there')).toBeVisible();

  await alice.page.setViewportSize({ width: 375, height: 740 });
  await expect(chats).toBeHidden();
  const header = alice.page.locator('header', {
    has: alice.page.getByRole('heading', { name: bob.username }),
  });
  const height = await header.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(56);
  await closeAll(alice, bob);
});

test('the list and the room in every look: times, groups, the new-messages line, the jump button', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { alice, bob, chatId } = await twoFriends(browser);
  await send(bob, chatId, 'Hi! Are we still on for tonight?', 'I found the place:');
  await send(
    bob,
    chatId,
    `https://example.com/${'restaurants/the-long-name-of-a-place/'.repeat(3)}`,
  );
  await send(alice, chatId, 'Yes! Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2));
  await send(alice, chatId, 'See you at 8.', 'Bring the tickets, please.');
  await send(bob, chatId, ...Array.from({ length: 12 }, (_, i) => `Plan item ${i + 1}`));
  const page = alice.page;
  // In either language.
  const log = page.getByTestId('room-messages');
  let round = 0;
  for (const language of ['en', 'zh-CN'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const view of [
        { name: 'phone', width: 375, height: 740 },
        { name: 'desktop', width: 1280, height: 800 },
      ]) {
        round += 1;
        const look = `${view.name}-${colorScheme}-${language}`;
        await page.goto('/agents');
        await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(view);
        await send(bob, chatId, `New one ${round}`, `And another ${round}`);
        await page.reload();
        const row = page.getByRole('listitem', { name: bob.username });
        await expect(row).toContainText(`And another ${round}`);
        await page.screenshot({ path: testInfo.outputPath(`list-${look}.png`) });

        await page.getByRole('button', { name: bob.username, exact: true }).click();
        await expect(log.getByRole('separator', { name: /New messages|新消息/ })).toBeVisible();
        expect(await log.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`room-${look}.png`) });

        // Scrolled up, one more arrives: the jump button counts it.
        await log.evaluate((el) => (el.scrollTop = 0));
        await expect(
          page.getByRole('button', { name: /^(Jump to the latest message|跳到最新消息)$/ }),
        ).toBeVisible();
        await send(bob, chatId, `Away ${round}`);
        await expect(page.getByRole('button', { name: /1 new message|1 条新消息/ })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`room-jump-${look}.png`) });
      }
    }
  }
  await closeAll(alice, bob);
});
