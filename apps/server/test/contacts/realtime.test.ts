import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import type { Contact } from '@confab/protocol/contacts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactFrom, contactsAs } from '../helpers/contacts';
import { connect, listen, type ClientSocket } from '../helpers/sockets';

describe('contacts in real time over socket.io', () => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function person() {
    const signed = await signUp(t.app);
    return { ...signed, api: contactsAs(t.app, signed.cookie) };
  }
  async function tab(cookie: string) {
    const socket = await connect(url, { cookie });
    open.push(socket);
    return socket;
  }

  it('a request sent by one user arrives at the other, in every tab, and nowhere else', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);
    const bobSecondTab = await tab(bob.cookie);
    const carolTab = await tab(carol.cookie);

    const sent = await alice.api.send(bob.user.username);
    for (const socket of [bobTab, bobSecondTab]) {
      const { contact } = await socket.next('newFriendMessage');
      expect(contact).toMatchObject({
        id: sent.id,
        status: 'pending',
        direction: 'incoming',
        senderUsername: alice.user.username,
        otherUsername: alice.user.username,
      });
    }
    expect(await aliceTab.next('contactUpdated')).toMatchObject({
      change: 'requested',
      contactId: sent.id,
      contact: { direction: 'outgoing' },
    });

    // Carol's first event is her own request: nothing of alice and bob reached her before it.
    const dave = await person();
    await dave.api.send(carol.user.username);
    expect((await carolTab.next('newFriendMessage')).contact.senderUsername).toBe(
      dave.user.username,
    );
  });

  it('the sender learns of the accept, and both get the new chat', async () => {
    const alice = await person();
    const bob = await person();
    const sent = await alice.api.send(bob.user.username);
    const aliceTab = await tab(alice.cookie);
    const bobTab = await tab(bob.cookie);

    const accepted = contactFrom(await bob.api.action('accept', sent.id));
    expect(await aliceTab.next('contactUpdated')).toMatchObject({
      change: 'accepted',
      contact: { id: sent.id, status: 'accepted', direction: 'outgoing', chatId: accepted.chatId },
    });
    expect(await bobTab.next('contactUpdated')).toMatchObject({ change: 'accepted' });
    for (const socket of [aliceTab, bobTab]) {
      const { chat, contactId } = await socket.next('newFriendChat');
      expect(contactId).toBe(sent.id);
      expect(chat).toMatchObject({ id: accepted.chatId, type: 'private' });
      expect(chat.participants.map((p) => p.id).sort()).toEqual(
        [alice.user.id, bob.user.id].sort(),
      );
    }
  });

  it('the sender learns of a reject; a blocked user is told "removed", then sees the request back as it was', async () => {
    const alice = await person();
    const bob = await person();
    const sent = await alice.api.send(bob.user.username);
    const aliceTab = await tab(alice.cookie);

    contactFrom(await bob.api.action('reject', sent.id));
    expect(await aliceTab.next('contactUpdated')).toMatchObject({
      change: 'rejected',
      contact: { status: 'rejected' },
    });
    contactFrom(await bob.api.action('block', sent.id));
    expect(await aliceTab.next('contactUpdated')).toEqual({
      change: 'removed',
      contactId: sent.id,
      contact: null,
    });
    contactFrom(await bob.api.action('unblock', sent.id));
    // Rejected before the block, rejected after it: an unblock makes no friends.
    expect(await aliceTab.next('contactUpdated')).toMatchObject({
      change: 'rejected',
      contact: { status: 'rejected', blockedBy: null, chatId: null },
    });
    expect(aliceTab.received.map((r) => r.event)).not.toContain('newFriendChat');
  });

  it('a pending request comes back to its receiver as a request when its sender unblocks it', async () => {
    const alice = await person();
    const bob = await person();
    const sent = await alice.api.send(bob.user.username);
    const bobTab = await tab(bob.cookie);
    contactFrom(await alice.api.action('block', sent.id));
    expect(await bobTab.next('contactUpdated')).toMatchObject({ change: 'removed' });
    contactFrom(await alice.api.action('unblock', sent.id));
    expect(await bobTab.next('newFriendMessage')).toMatchObject({
      contact: { id: sent.id, status: 'pending', direction: 'incoming' },
    });
  });

  it('removal reaches both parties', async () => {
    const alice = await person();
    const bob = await person();
    const sent = await alice.api.send(bob.user.username);
    const bobTab = await tab(bob.cookie);
    expect((await alice.api.action('remove', sent.id)).statusCode).toBe(200);
    expect(await bobTab.next('contactUpdated')).toEqual({
      change: 'removed',
      contactId: sent.id,
      contact: null,
    });
  });

  describe('friendRequestMessage', () => {
    const emit = (socket: ClientSocket, ...args: unknown[]) =>
      new Promise<SocketAckReply<{ contact: Contact }>>((resolve) => {
        (socket.emit as (...a: unknown[]) => void)('friendRequestMessage', ...args, resolve);
      });

    it('re-announces the sender’s pending request to its receiver, from the database', async () => {
      const alice = await person();
      const bob = await person();
      const sent = await alice.api.send(bob.user.username);
      const aliceTab = await tab(alice.cookie);
      const bobTab = await tab(bob.cookie);
      const reply = await emit(aliceTab, {
        newContact: { id: sent.id },
        receiverName: bob.user.email.toUpperCase(),
      });
      expect(reply).toMatchObject({ ok: true, data: { contact: { id: sent.id } } });
      expect((await bobTab.next('newFriendMessage')).contact).toMatchObject({
        id: sent.id,
        senderUsername: alice.user.username,
        direction: 'incoming',
      });
    });

    it('answers malformed payloads and foreign requests with an error ack and stays connected', async () => {
      const alice = await person();
      const bob = await person();
      const carol = await person();
      const sent = await alice.api.send(bob.user.username);
      const carolTab = await tab(carol.cookie);
      const cases: [unknown[], number, RegExp][] = [
        [[], 400, /friendRequestMessage: Invalid input/],
        [[42], 400, /Invalid input/],
        [[{ newContact: { id: sent.id } }], 400, /receiverName: Enter a username or e-mail/],
        [[{ newContact: {}, receiverName: 'bob' }], 400, /newContact\.id: Give the id/],
        [[{ newContact: { id: sent.id }, receiverName: 'x'.repeat(10_000) }], 400, /at most 254/],
        [
          [{ newContact: { id: sent.id }, receiverName: bob.user.username }],
          404,
          /No such friend request/,
        ],
      ];
      for (const [args, statusCode, message] of cases) {
        const reply = await emit(carolTab, ...args);
        expect(reply.ok).toBe(false);
        if (!reply.ok) {
          expect(reply.error.statusCode).toBe(statusCode);
          expect(reply.error.message).toMatch(message);
        }
      }
      // Without an acknowledgement a bad payload is simply dropped.
      carolTab.emit('friendRequestMessage', 'nonsense' as never);
      expect(carolTab.connected).toBe(true);
      const still = await emit(carolTab, { newContact: { id: 'x' }, receiverName: 'y' });
      expect(still).toMatchObject({ ok: false, error: { statusCode: 404 } });
    });
  });

  describe('handshake', () => {
    it('refuses a connection without a session cookie, or with a forged one', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { cookie: 'confab_session=' + 'A'.repeat(43) },
      ];
      for (const headers of attempts) {
        const error = await connect(url, headers).then(
          () => {
            throw new Error('connected without a session');
          },
          (e: Error & { data?: { code: string } }) => e,
        );
        expect(error.message).toBe('Sign in to connect: no valid session cookie');
        expect(error.data).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    });

    it('refuses a page of another site even with a valid cookie, and accepts its own origin', async () => {
      const alice = await person();
      const error = await connect(url, {
        cookie: alice.cookie,
        origin: 'https://evil.example',
      }).then(
        () => {
          throw new Error('connected from a foreign origin');
        },
        (e: Error & { data?: { code: string } }) => e,
      );
      expect(error.message).toBe('Cross-site connection refused');
      expect(error.data).toMatchObject({ code: 'FORBIDDEN' });
      const own = await connect(url, { cookie: alice.cookie, origin: url });
      open.push(own);
      expect(own.connected).toBe(true);
    });

    it('closes a session’s sockets when it signs out', async () => {
      const alice = await person();
      const socket = await tab(alice.cookie);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const logout = await t.app.inject({
        method: 'DELETE',
        url: '/api/_auth/session',
        headers: { cookie: alice.cookie },
      });
      expect(logout.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
    });
  });

  it('closing the app ends open sockets, as a lost connection the client will retry', async () => {
    const other = await startTestApp();
    const otherUrl = await listen(other.app);
    const { cookie } = await signUp(other.app);
    const socket = await connect(otherUrl, { cookie });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await other.close();
    // Not "io server disconnect", after which a client would stay away for good.
    expect(await closed).toMatch(/^transport (close|error)$/);
  });
});
