import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import {
  configureProvider,
  expect,
  lastReply,
  newChatOffering,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import {
  chatInput,
  closeAll,
  messageLog,
  openRoom,
  sendFiles,
  tinyPng,
  twoFriends,
} from '../support/chat-room';
import { addToolServer, startEverythingHttp } from '../support/mcp';
import { expectInert, payloads, shortPayloads, watchForScripts } from '../support/xss-payloads';

/**
 * The XSS corpus through the real app, shown in Chromium: social messages (the receiver's room,
 * the sender's room, the conversation list's preview), chat nicknames (list and room), usernames
 * (refused at registration), AI chat prompts, replies formatted as markdown, tool cards and
 * file names. Nothing may run: the `__xss` trap, dialogs, page errors and console errors (a
 * Content Security Policy violation included) are watched, and the rendered areas hold no
 * script, frame, handler attribute or script address. Where the product shows text, the
 * payload is visible as written.
 */

const conversation = (page: Page, name: string) =>
  page.getByRole('list', { name: '会话列表' }).getByRole('listitem', { name, exact: true });

test('social messages: shown as text in both rooms and in the conversation preview', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const corpus = payloads('m');
  const { alice, bob, chatId } = await twoFriends(browser);
  const onBob = await watchForScripts(bob.page);
  const onAlice = await watchForScripts(alice.page);

  // Each message arrives live in Bob's conversation list, its preview the payload as text.
  await bob.page.goto('/agents');
  const row = conversation(bob.page, alice.username);
  for (const payload of corpus) {
    const sent = await alice.context.request.post(`/api/chat-social-msg/${chatId}/messages`, {
      data: { content: payload.text },
    });
    expect(sent.status(), payload.marker).toBe(200);
    await expect(row, payload.marker).toContainText(payload.text);
    await expectInert(row, onBob);
  }

  // Both rooms show every payload as the text that was sent. The list is virtualised: a view
  // tall enough for the whole corpus has every message in the page at once.
  for (const page of [bob.page, alice.page])
    await page.setViewportSize({ width: 1280, height: 4000 });
  await openRoom(bob.page, chatId, alice.username);
  await openRoom(alice.page, chatId, bob.username);
  for (const page of [bob.page, alice.page]) {
    const log = messageLog(page);
    await expect(log.getByRole('article')).toHaveCount(corpus.length);
    // Nothing live, also when the pointer passes over the messages.
    for (const message of await log.getByRole('article').all())
      await message.hover({ force: true });
    await expectInert(log, onBob);
    await expectInert(log, onAlice);
    for (const payload of corpus) {
      const message = log.getByRole('article').filter({ hasText: payload.marker });
      await expect(message, payload.marker).toHaveCount(1);
      await expect(message, payload.marker).toContainText(payload.text);
    }
  }

  // One typed in the room, as a user sends it.
  await chatInput(alice.page).fill(corpus[3]!.text);
  await chatInput(alice.page).press('Enter');
  await expect(
    messageLog(bob.page).getByRole('article').filter({ hasText: corpus[3]!.text }),
  ).toHaveCount(2);
  await expectInert(messageLog(bob.page), onBob);
  await closeAll(alice, bob);
});

test('nicknames: shown as text in the conversation list and the room heading', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const corpus = shortPayloads('n', 32);
  expect(corpus.length).toBeGreaterThanOrEqual(8);
  const { alice, bob, chatId } = await twoFriends(browser);
  const watch = await watchForScripts(alice.page);
  for (const payload of corpus) {
    const renamed = await alice.context.request.put(`/api/chat-social-msg/chats/${chatId}`, {
      data: { nickname: payload.text },
    });
    expect(renamed.status(), payload.marker).toBe(200);

    await alice.page.goto('/agents');
    const row = conversation(alice.page, payload.text);
    await expect(row, payload.marker).toBeVisible();
    await expect(row.getByRole('button', { name: payload.text, exact: true })).toContainText(
      payload.text,
    );
    await expectInert(alice.page.getByRole('list', { name: '会话列表' }), watch);

    await openRoom(alice.page, chatId, payload.text);
    await expectInert(alice.page.getByRole('heading', { name: payload.text }), watch);
  }
  await closeAll(alice, bob);
});

test('usernames: markup and script addresses are refused at registration', async ({ request }) => {
  for (const payload of shortPayloads('u', 32)) {
    const response = await request.post('/api/_auth/register', {
      data: {
        username: payload.text,
        email: `${payload.marker}@example.com`,
        password: 'correct horse battery',
      },
    });
    expect(response.status(), payload.text).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Username');
  }
});

test('file names: shown as text on the link and the image caption', async ({ browser }) => {
  test.setTimeout(120_000);
  // A file name cannot hold a path separator or a line break.
  const corpus = payloads('f').filter((payload) => !/[/\\\n]/.test(payload.text));
  const { alice, bob, chatId } = await twoFriends(browser);
  await openRoom(alice.page, chatId, bob.username);
  await openRoom(bob.page, chatId, alice.username);
  const watch = await watchForScripts(bob.page);
  for (const [i, payload] of corpus.entries()) {
    const image = i % 2 === 0;
    const name = `${payload.text}.${image ? 'png' : 'txt'}`;
    await sendFiles(alice.page, {
      name,
      mimeType: image ? 'image/png' : 'text/plain',
      buffer: image ? tinyPng : Buffer.from(`plain text ${payload.marker}\n`),
    });
    // The browser's form encoding sends a `"` in a file name as `%22` (HTML's multipart rules).
    const shown = name.replaceAll('"', '%22');
    if (image)
      await expect(
        bob.page.getByRole('img', { name: shown, exact: true }),
        payload.marker,
      ).toBeVisible();
    else
      await expect(
        messageLog(bob.page).getByRole('link', { name: shown }),
        payload.marker,
      ).toContainText(shown);
  }
  await expectInert(messageLog(bob.page), watch);
  await bob.page.reload();
  await expect(messageLog(bob.page).getByRole('article')).toHaveCount(corpus.length);
  await expectInert(messageLog(bob.page), watch);
  await closeAll(alice, bob);
});

// AI chat: the model calls server-everything's `echo` with the payloads; its answer quotes the
// tool result, so the payloads come back as the model's markdown and as the tool card's result.

const serverKey = 'xss_never';
let everything: { url: string; process: ChildProcess } | undefined;

test.describe('AI chat', () => {
  test.beforeAll(async () => {
    everything = await startEverythingHttp();
    await addToolServer(serverKey, everything.url, 'never ask');
  });

  test.afterAll(() => {
    everything?.process.kill('SIGKILL');
  });

  test('prompts, markdown replies and tool results', async ({ signedIn: page, provider }) => {
    test.setTimeout(180_000);
    const corpus = payloads('a');
    const watch = await watchForScripts(page);
    await openAiChat(page);

    // The API base (at most 2,000 characters) carries the tool call, so the corpus goes in batches.
    const callOption = (texts: string[]) =>
      `call:${encodeURIComponent(`${serverKey}--echo:${JSON.stringify({ message: texts.join('\n\n') })}`)}`;
    const base = (texts: string[]) =>
      provider.base(['openai-tools', callOption(texts)].join(','), '/v1');
    const batches: string[][] = [];
    for (const payload of corpus) {
      const last = batches.at(-1);
      if (last && base([...last, payload.text]).length <= 1900) last.push(payload.text);
      else batches.push([payload.text]);
    }

    for (const [i, batch] of batches.entries()) {
      await configureProvider(page, {
        provider: 'OpenAI',
        base: base(batch),
        key: 'sk-test',
        model: 'gpt-4o',
      });
      // A whole run holds more servers than the search step's threshold: the chat offers this one.
      if (i === 0) await newChatOffering(page, [serverKey]);
      const prompt = batch.join('\n\n');
      await send(page, prompt);
      const reply = lastReply(page);
      await expect(reply.getByTestId('reply')).toContainText('The tools answered: Echo:');
      await expect(page.getByTestId('reply')).toHaveCount(i + 1);

      // The prompt is text as typed.
      for (const text of batch) await expect(page.getByTestId('prompt').last()).toContainText(text);
      // The tool card shows the arguments and the result as text.
      const card = reply.getByTestId('tool-call');
      await expect(card.locator('summary')).toContainText('Done');
      await card.locator('summary').click();
      for (const text of batch) await expect(card).toContainText(text);
      // Markdown links keep their text (without the address); template strings stay text.
      for (const payload of corpus.filter((p) => batch.includes(p.text)))
        if (/^(\[|\{\{|\$\{)/.test(payload.text))
          await expect(reply.getByTestId('reply'), payload.marker).toContainText(payload.marker);
      await expectInert(page.getByTestId('reply-block').last(), watch);
      await expectInert(page.getByTestId('prompt').last(), watch);
    }

    // The chat is named after the first prompt; after a reload everything renders again.
    await expectInert(page.getByRole('navigation', { name: 'AI chats' }), watch);
    await page.reload();
    await expect(page.getByTestId('reply')).toHaveCount(batches.length);
    await page.getByTestId('reply').last().hover();
    for (const block of await page.getByTestId('reply-block').all())
      await expectInert(block, watch);
    await expectInert(page.getByRole('navigation', { name: 'AI chats' }), watch);
  });
});
