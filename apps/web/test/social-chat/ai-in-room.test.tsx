// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { SocialChat } from '@confab/protocol/social-chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWith, me, messageIn } from './fixtures';
import { envelope } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';
import { stubRoomLayout } from '../helpers/room-layout';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const base = '/api/chat-social-msg';
const consentRoute = `PUT ${base}/chats/${chatId}/ai`;

async function openRoom(chat: SocialChat) {
  const state = { chat };
  const history = [1, 2, 3].map((seq) =>
    messageIn(chatId, seq, { isRead: true, ...(seq === 2 ? { sender: me.id } : {}) }),
  );
  const server = fakeServer({
    session: alice,
    routes: {
      [`GET ${base}/chats`]: () => envelope({ chats: [state.chat] }),
      [`GET ${base}/${chatId}/messages`]: () => envelope({ messages: history, hasMore: false }),
      [`GET ${base}/presence/bob-id`]: () =>
        envelope({ userId: 'bob-id', isOnline: false, lastSeen: null, version: 1 }),
      [`POST ${base}/${chatId}/messages/read`]: () =>
        envelope({ chatId, unread: 0, lastReadSeq: 9 }),
      [consentRoute]: (request: { body: unknown }) => {
        const { enabled } = request.body as { enabled: boolean };
        state.chat = { ...state.chat, aiConsent: { ...state.chat.aiConsent, mine: enabled } };
        return envelope({ chat: state.chat });
      },
    },
  });
  const app = await renderApp(`/socialChatRoom?chat=${chatId}`);
  await screen.findByText('message 3');
  return { ...app, server, state };
}

const consentBar = () => screen.getByTestId('ai-consent');
const aiSwitch = () => within(consentBar()).getByRole('switch', { name: 'AI in this chat' });

describe('AI in a chat room', () => {
  beforeEach(() => {
    stubRoomLayout();
    connectRoomSocket();
  });
  afterEach(() => disconnectRoomSocket());

  it('shows the switch as Off, then Waiting for the other person, then On; either side turns it off', async () => {
    const { user } = await openRoom(chatWith('bob'));
    expect(consentBar()).toHaveTextContent('Off');
    expect(aiSwitch()).not.toBeChecked();

    await user.click(aiSwitch());
    await waitFor(() => expect(consentBar()).toHaveTextContent('Waiting for bob'));
    expect(aiSwitch()).toBeChecked();

    // Bob switches it on: the server's chatUpdated says so at once.
    act(() =>
      fakeSocket.receive('chatUpdated', {
        chat: chatWith('bob', { aiConsent: { mine: true, theirs: true } }),
      }),
    );
    await waitFor(() => expect(consentBar()).toHaveTextContent('On'));
    // And off again.
    act(() =>
      fakeSocket.receive('chatUpdated', {
        chat: chatWith('bob', { aiConsent: { mine: true, theirs: false } }),
      }),
    );
    await waitFor(() => expect(consentBar()).toHaveTextContent('Waiting for bob'));
  });

  it('is off and cannot be switched in a read-only chat', async () => {
    await openRoom(chatWith('bob', { readOnly: true, aiConsent: { mine: true, theirs: true } }));
    expect(consentBar()).toHaveTextContent('Off');
    expect(aiSwitch()).toBeDisabled();
  });

  it('/ai ‹question› opens the ask panel with the chat’s messages as context, and sends nothing', async () => {
    const { user } = await openRoom(chatWith('bob', { aiConsent: { mine: true, theirs: true } }));
    const input = screen.getByRole('textbox', { name: /message/i });
    await user.type(input, '/ai where should we eat?{Enter}');
    const panel = await screen.findByTestId('ask-ai-panel');
    expect(within(panel).getByLabelText('Question')).toHaveValue('where should we eat?');
    expect(within(panel).getByTestId('ask-ai-context-count')).toHaveTextContent(
      /^Context: 3 messages/,
    );
    expect(fakeSocket.emitted.filter(([event]) => event === 'sendMessage')).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('ask-ai-panel')).toBeNull());
    // The Ask AI button opens it too.
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    expect(await screen.findByTestId('ask-ai-panel')).toBeInTheDocument();
  });

  it('shows the other person’s answer live as it streams, and why it stopped', async () => {
    await openRoom(chatWith('bob', { aiConsent: { mine: true, theirs: true } }));
    act(() =>
      fakeSocket.receive('aiAnswerStarted', {
        chatId,
        answerId: 'a1',
        askerId: 'bob-id',
        askerUsername: 'bob',
        model: 'gpt-4o',
        provider: 'OpenAI',
        contextCount: 3,
      }),
    );
    act(() => fakeSocket.receive('aiAnswerDelta', { chatId, answerId: 'a1', text: 'Try the ' }));
    act(() => fakeSocket.receive('aiAnswerDelta', { chatId, answerId: 'a1', text: 'noodles' }));
    const bubble = await screen.findByTestId('live-ai-answer');
    expect(bubble).toHaveTextContent("bob's gpt-4o is answering…");
    await waitFor(() => expect(bubble).toHaveTextContent('Try the noodles'));
    act(() =>
      fakeSocket.receive('aiAnswerStopped', {
        chatId,
        answerId: null,
        reason: 'consentOff',
        byUsername: 'alice',
      }),
    );
    expect(await screen.findByText('alice switched AI off')).toBeInTheDocument();
    expect(screen.queryByTestId('live-ai-answer')).toBeNull();
  });
});
