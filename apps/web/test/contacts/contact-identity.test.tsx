import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fakeServer } from '../helpers/fake-server';
import { backToEnglish, contactWith, envelope, inChinese } from '../helpers/contacts';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

describe('/contacts: who each contact is, and when they were last seen', () => {
  beforeEach(async () => {
    await inChinese();
    fakeSocket.connect();
  });
  afterEach(async () => {
    fakeSocket.disconnect();
    await backToEnglish();
  });

  it('shows the display name with the username, the avatar and "last seen"', async () => {
    fakeServer({
      session: alice,
      routes: {
        'GET /api/chat-social-msg/contacts/list': () =>
          envelope({
            formattedContacts: [
              contactWith('ben', 'accepted', 'outgoing', {
                chatId: 'chat-1',
                otherDisplayName: '本杰明',
                otherAvatar: '/api/chat-social-msg/users/ben-id/avatar?v=1',
              }),
            ],
          }),
        'GET /api/chat-social-msg/presence/ben-id': () =>
          envelope({
            userId: 'ben-id',
            isOnline: false,
            lastSeen: new Date(Date.now() - 3 * 60_000).toISOString(),
            version: 1,
          }),
      },
    });
    await renderApp('/contacts');
    const row = await screen.findByRole('listitem', { name: '本杰明 (ben)' });
    expect(within(row).getByText('本杰明')).toBeInTheDocument();
    expect(within(row).getByText('ben')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByTestId('presence')).toHaveTextContent('最后在线：3 分钟前'),
    );
  });
});
