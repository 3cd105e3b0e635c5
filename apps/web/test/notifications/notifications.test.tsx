import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactWith, envelope } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { chatWith, messageIn } from '../social-chat/fixtures';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatsRoute = 'GET /api/chat-social-msg/chats';
const unreadRoute = 'GET /api/chat-social-msg/chats/unread';
const contactsRoute = 'GET /api/chat-social-msg/contacts/list';

/** The browser's Notification, recording what the page shows. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {}
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  localStorage.clear();
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  fakeSocket.connect();
});

afterEach(() => {
  fakeSocket.disconnect();
  document.title = 'Confab';
});

const bob = chatWith('bob', { unread: 2 });
const muted = chatWith('carol', { unread: 5, isMuted: true });

async function signedInAt(path: string, contacts = [contactWith('dave', 'pending', 'incoming')]) {
  const server = fakeServer({
    session: alice,
    routes: {
      [chatsRoute]: () => envelope({ chats: [bob, muted] }),
      [unreadRoute]: () =>
        envelope({
          chats: [bob, muted].map(({ _id, unread, isMuted, nickname }) => ({
            _id,
            unread,
            isMuted,
            nickname,
          })),
        }),
      [contactsRoute]: () => envelope({ formattedContacts: contacts }),
    },
  });
  return { ...(await renderApp(path)), server };
}

function receive(chatId: string, unread: number, content: string) {
  act(() => {
    fakeSocket.receive('new_message', {
      chatId,
      unread,
      message: messageIn(chatId, 10 + unread, { content, senderUsername: chatId.slice(5) }),
    });
  });
}

describe('what waits for the user, on every signed-in page', () => {
  it('counts unread messages of chats not muted in the title and on Chats, and requests on Contacts', async () => {
    await signedInAt('/contacts');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    expect(screen.getByRole('link', { name: 'Chats, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('nav-badge-chats')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Contacts, 1 friend requests' })).toBeInTheDocument();
    expect(screen.getByTestId('nav-badge-contacts')).toHaveTextContent('1');

    receive('chat-bob', 3, 'one more');
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /));
    // Reading the chat (in any tab) brings its count back to 0.
    act(() => {
      fakeSocket.receive('chatUpdated', { chat: { ...bob, unread: 0 } });
    });
    await waitFor(() => expect(document.title).not.toMatch(/^\(/));
    expect(screen.queryByTestId('nav-badge-chats')).not.toBeInTheDocument();
  });
});

describe('what the notifications read', () => {
  // The chat list with its previews is about 130 bytes a chat compressed: 127 kB for a user with
  // a thousand chats, on every page, for a count.
  it('reads the chats’ unread counts, not the chat list, on a page that does not show it', async () => {
    const { server } = await signedInAt('/contacts');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    expect(server.calls(unreadRoute).length).toBeGreaterThan(0);
    expect(server.calls(chatsRoute)).toHaveLength(0);
  });
});

describe('system notifications', () => {
  it('shows one for a new message while the tab is hidden, and its click opens the chat', async () => {
    const { location } = await signedInAt('/contacts');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    visibility = 'hidden';
    receive('chat-bob', 3, 'are you  there?\nI have news');
    expect(FakeNotification.shown).toHaveLength(1);
    const [notice] = FakeNotification.shown;
    expect(notice?.title).toBe('bob');
    expect(notice?.options.body).toBe('are you there? I have news');
    expect(notice?.options.tag).toBe('chat:chat-bob');

    act(() => notice?.onclick?.());
    await waitFor(() => expect(location()).toBe('/socialChatRoom?chat=chat-bob'));
  });

  it('shows none while the tab is visible, and none for a muted chat', async () => {
    await signedInAt('/contacts');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    receive('chat-bob', 3, 'seen in the page');
    visibility = 'hidden';
    receive('chat-carol', 6, 'muted chat');
    expect(FakeNotification.shown).toHaveLength(0);
    // A muted chat does not count either.
    expect(document.title).toMatch(/^\(3\) /);
  });

  it('shows one for a friend request while the tab is hidden', async () => {
    await signedInAt('/contacts', []);
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    visibility = 'hidden';
    act(() => {
      fakeSocket.receive('newFriendMessage', {
        contact: contactWith('erin', 'pending', 'incoming'),
      });
    });
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body])).toEqual([
      ['Friend request', 'erin wants to add you as a contact.'],
    ]);
  });

  it('shows none without the user’s permission', async () => {
    FakeNotification.permission = 'default';
    await signedInAt('/contacts');
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    visibility = 'hidden';
    receive('chat-bob', 3, 'hello');
    expect(FakeNotification.shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });
});

describe('asking for the permission', () => {
  it('asks above the chat list once the user has a chat, never on page load', async () => {
    FakeNotification.permission = 'default';
    const { user } = await signedInAt('/agents');
    const enable = await screen.findByRole('button', { name: 'Enable notifications' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    FakeNotification.permission = 'granted';
    await user.click(enable);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notifications are on.')).toBeInTheDocument();
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect(sound).not.toBeChecked();
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(JSON.parse(localStorage.getItem('confab:notifications') ?? '{}')).toMatchObject({
      sound: true,
    });
  });

  it('puts the question off with “Not now”, leaving only the button', async () => {
    FakeNotification.permission = 'default';
    const { user } = await signedInAt('/agents');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Get a notification/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeInTheDocument();
  });
});
