// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialMessage } from '@confab/protocol/social-chat';
import { chatWith, me, messageIn } from './fixtures';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';
import { stubRoomLayout } from '../helpers/room-layout';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const base = '/api/chat-social-msg';
const bob = { id: 'chat-bob-other', username: 'other' };

/** alice's room with bob (and her chat with carol to forward into), holding `history`. */
async function openRoom(history: SocialMessage[], routes = {}) {
  const server = fakeServer({
    session: alice,
    routes: {
      [`GET ${base}/chats`]: () =>
        envelope({
          chats: [chatWith('bob'), chatWith('carol'), chatWith('dave', { readOnly: true })],
        }),
      [`GET ${base}/${chatId}/messages`]: () => envelope({ messages: history, hasMore: false }),
      [`GET ${base}/presence/bob-id`]: () =>
        envelope({ userId: 'bob-id', isOnline: false, lastSeen: null, version: 1 }),
      [`POST ${base}/${chatId}/messages/read`]: () =>
        envelope({ chatId, unread: 0, lastReadSeq: 9 }),
      ...routes,
    },
  });
  const app = await renderApp(`/socialChatRoom?chat=${chatId}`);
  await screen.findByText(history.at(-1)!.content, {}, { timeout: 5000 });
  return { ...app, server };
}

/** The bubble whose own text is `text` (a quote may repeat it). */
const article = (text: string) =>
  screen
    .getAllByTestId('message-content')
    .find((content) => content.textContent === text)!
    .closest('article')!;

async function openMenu(user: Awaited<ReturnType<typeof openRoom>>['user'], text: string) {
  await user.click(within(article(text)).getByRole('button', { name: 'Message actions' }));
}

describe('replies, reactions, forwards and delete for me in the room', () => {
  beforeEach(() => {
    stubRoomLayout();
    connectRoomSocket();
  });
  afterEach(async () => {
    disconnectRoomSocket();
    await backToEnglish();
  });

  it('replies with a quote: the composer says what it answers, the send carries replyToId', async () => {
    const { user } = await openRoom([messageIn(chatId, 1, { content: 'lunch at noon?' })]);
    await openMenu(user, 'lunch at noon?');
    await user.click(await screen.findByRole('menuitem', { name: 'Reply' }));
    expect(screen.getByText('Replying to other: lunch at noon?')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'yes!{Enter}');
    await waitFor(() =>
      expect(fakeSocket.emitted.find(([event]) => event === 'sendMessage')?.[1]).toMatchObject({
        content: 'yes!',
        replyToId: `m-${chatId}-1`,
      }),
    );
    // The reply shows its quote at once, while it is sent.
    const sent = article('yes!');
    expect(within(sent).getByTestId('message-quote')).toHaveTextContent('otherlunch at noon?');
    expect(screen.queryByText('Replying to other: lunch at noon?')).toBeNull();
  });

  it('a reply written offline waits in the outbox and leaves once, with its replyToId, when connected', async () => {
    const { user } = await openRoom([messageIn(chatId, 1, { content: 'are you there?' })]);
    act(() => void fakeSocket.disconnect());
    await openMenu(user, 'are you there?');
    await user.click(await screen.findByRole('menuitem', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'back soon{Enter}');
    // Shown at once with its quote, sent when the connection is back.
    expect(within(article('back soon')).getByTestId('message-quote')).toHaveTextContent(
      'are you there?',
    );
    // Only this one: an earlier test's unanswered sends wait in the same outbox.
    const sends = () =>
      fakeSocket.emitted.filter(
        ([event, payload]) =>
          event === 'sendMessage' && (payload as { content: string }).content === 'back soon',
      );
    expect(sends()).toHaveLength(0);
    act(() => void fakeSocket.connect());
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.[1]).toMatchObject({ content: 'back soon', replyToId: `m-${chatId}-1` });
  });

  it('cancels a reply', async () => {
    const { user } = await openRoom([messageIn(chatId, 1, { content: 'hello' })]);
    await openMenu(user, 'hello');
    await user.click(await screen.findByRole('menuitem', { name: 'Reply' }));
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(screen.queryByText(/Replying to/)).toBeNull();
  });

  it('shows a quoted deleted message as "Deleted message" and jumps to a quoted original', async () => {
    const history = [
      messageIn(chatId, 1, { content: 'the original' }),
      messageIn(chatId, 2, {
        content: 'an answer',
        sender: me.id,
        senderUsername: me.username,
        replyTo: {
          messageId: `m-${chatId}-1`,
          seq: 1,
          senderUsername: 'other',
          excerpt: 'the original',
          contentType: 'text',
          deleted: false,
        },
      }),
      messageIn(chatId, 3, {
        content: 'answering a ghost',
        replyTo: {
          messageId: 'gone',
          seq: 1,
          senderUsername: 'alice',
          excerpt: '',
          contentType: 'text',
          deleted: true,
        },
      }),
    ];
    const { user } = await openRoom(history);
    expect(within(article('answering a ghost')).getByTestId('message-quote')).toHaveTextContent(
      'Deleted message',
    );
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(within(article('an answer')).getByTestId('message-quote'));
    await waitFor(() => expect(article('the original').querySelector('.ring-2')).not.toBeNull());
  });

  it('shows reactions with counts and who put them, toggles one’s own, and follows the live event', async () => {
    const reactions = [
      { emoji: '👍', users: [{ id: me.id, username: me.username }, bob] },
      { emoji: '🎉', users: [bob] },
    ];
    const { user, server } = await openRoom(
      [messageIn(chatId, 1, { content: 'I passed', reactions })],
      {
        [`POST ${base}/${chatId}/messages/m-${chatId}-1/reactions`]: () =>
          envelope({
            chatId,
            messageId: `m-${chatId}-1`,
            reactions: [{ emoji: '🎉', users: [bob] }],
          }),
      },
    );
    const bar = within(article('I passed')).getByRole('list', { name: 'Reactions' });
    const thumbs = within(bar).getByRole('button', { name: `👍: 2. ${me.username}, other` });
    expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    expect(within(bar).getByRole('button', { name: '🎉: 1. other' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(thumbs);
    await waitFor(() =>
      expect(
        server.calls(`POST ${base}/${chatId}/messages/m-${chatId}-1/reactions`)[0]?.body,
      ).toEqual({
        emoji: '👍',
        value: false,
      }),
    );
    await waitFor(() => expect(within(bar).queryByRole('button', { name: /👍/ })).toBeNull());

    act(() =>
      fakeSocket.receive('reactionsUpdated', {
        chatId,
        messageId: `m-${chatId}-1`,
        reactions: [{ emoji: '🎉', users: [bob, { id: me.id, username: me.username }] }],
      }),
    );
    expect(
      await within(bar).findByRole('button', { name: `🎉: 2. other, ${me.username}` }),
    ).toBeInTheDocument();
  });

  it('picks any emoji from the bundled picker, by keyboard', async () => {
    const { user, server } = await openRoom([messageIn(chatId, 1, { content: 'nice' })], {
      [`POST ${base}/${chatId}/messages/m-${chatId}-1/reactions`]: () =>
        envelope({ chatId, messageId: `m-${chatId}-1`, reactions: [] }),
    });
    await openMenu(user, 'nice');
    await user.click(await screen.findByRole('menuitem', { name: 'React' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick an emoji' });
    const search = await within(dialog).findByRole('searchbox', { name: 'Search emoji' });
    await user.type(search, 'rocket');
    await within(dialog).findByRole('button', { name: 'rocket' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(
        server.calls(`POST ${base}/${chatId}/messages/m-${chatId}-1/reactions`)[0]?.body,
      ).toEqual({
        emoji: '🚀',
        value: true,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('forwards into another writable chat, and deletes for oneself after asking', async () => {
    const { user, server } = await openRoom(
      [
        messageIn(chatId, 1, { content: 'pass it on' }),
        messageIn(chatId, 2, { content: 'private' }),
      ],
      {
        [`POST ${base}/${chatId}/messages/m-${chatId}-1/forward`]: () =>
          envelope({
            newMessage: messageIn('chat-carol', 5, {
              content: 'pass it on',
              forwarded: { from: null },
            }),
          }),
        [`POST ${base}/${chatId}/messages/m-${chatId}-2/hide`]: () =>
          envelope({ chatId, messageId: `m-${chatId}-2` }),
      },
    );
    await openMenu(user, 'pass it on');
    await user.click(await screen.findByRole('menuitem', { name: 'Forward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward to…' });
    // Neither this chat nor a read-only one is offered.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['carol', 'Cancel']);
    await user.click(within(dialog).getByRole('button', { name: 'carol' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = server.calls(`POST ${base}/${chatId}/messages/m-${chatId}-1/forward`)[0]?.body;
    expect(body).toMatchObject({ toChatId: 'chat-carol' });
    expect(await screen.findByText('Forwarded to carol')).toBeInTheDocument();

    await openMenu(user, 'private');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete for me' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Delete this message for you?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete for me' }));
    await waitFor(() => expect(screen.queryByText('private')).toBeNull());
    expect(screen.getByText('pass it on')).toBeInTheDocument();
  });

  it('hides a message deleted for oneself on another tab, and says it all in Chinese', async () => {
    await inChinese();
    await openRoom([
      messageIn(chatId, 1, { content: 'keep', forwarded: { from: null } }),
      messageIn(chatId, 2, { content: 'drop' }),
    ]);
    expect(within(article('keep')).getByText('转发的消息')).toBeInTheDocument();
    act(() => fakeSocket.receive('messageHidden', { chatId, messageId: `m-${chatId}-2` }));
    await waitFor(() => expect(screen.queryByText('drop')).toBeNull());
  });
});
