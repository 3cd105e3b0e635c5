import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFailureTexts, contactsPaths, type Contact } from '@confab/protocol/contacts';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactFrom, contactsAs, contactsTables } from '../helpers/contacts';

describe.each(databaseTargets)('contacts on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  /** A fresh user with their contacts API. */
  async function person() {
    const signed = await signUp(t.app);
    return { ...signed, api: contactsAs(t.app, signed.cookie) };
  }

  /** Two users with a pending request from the first to the second. */
  async function pendingPair() {
    const alice = await person();
    const bob = await person();
    const request = await alice.api.send(bob.user.username);
    return { alice, bob, request };
  }

  async function friends() {
    const pair = await pendingPair();
    const accepted = contactFrom(await pair.bob.api.action('accept', pair.request.id));
    return { ...pair, accepted };
  }

  const find = (list: Contact[], id: string) => list.find((c) => c.id === id);

  describe('add', () => {
    it('sends a pending request by username, seen as outgoing by the sender and incoming by the receiver', async () => {
      const alice = await person();
      const bob = await person();
      const response = await alice.api.add(bob.user.username);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        statusCode: 200,
        message: '联系人添加请求已发送！',
        data: {
          contact: {
            status: 'pending',
            senderUsername: alice.user.username,
            receiverUsername: bob.user.username,
            direction: 'outgoing',
            otherUserId: bob.user.id,
            otherUsername: bob.user.username,
            blockedBy: null,
            chatId: null,
          },
        },
      });
      const id = contactFrom(response).id;
      expect(find(await alice.api.list(), id)).toMatchObject({ direction: 'outgoing' });
      expect(find(await bob.api.list(), id)).toMatchObject({
        status: 'pending',
        direction: 'incoming',
        otherUsername: alice.user.username,
      });
    });

    it('finds the receiver by e-mail or username whatever the case and surrounding spaces', async () => {
      const alice = await person();
      const bob = await person();
      const carol = await person();
      const byEmail = await alice.api.send(`  ${bob.user.email.toUpperCase()} `);
      expect(byEmail.receiverId).toBe(bob.user.id);
      const byName = await alice.api.send(carol.user.username.toUpperCase());
      expect(byName.receiverId).toBe(carol.user.id);
    });

    it('shows the sender the e-mail they typed, not the username behind it, until the request is accepted', async () => {
      const alice = await person();
      const bob = await person();
      const typed = bob.user.email.toUpperCase();
      const sent = await alice.api.send(` ${typed} `);
      const hidden = { receiverUsername: typed, otherUsername: typed };
      expect(sent).toMatchObject(hidden);
      expect(JSON.stringify(sent)).not.toContain(bob.user.username);
      expect(find(await alice.api.list(), sent.id)).toMatchObject(hidden);
      contactFrom(await bob.api.action('reject', sent.id));
      expect(find(await alice.api.list(), sent.id)).toMatchObject(hidden);
      // Asked again and accepted: now they are friends, the username is shown.
      const again = await alice.api.send(typed);
      contactFrom(await bob.api.action('accept', again.id));
      expect(find(await alice.api.list(), again.id)).toMatchObject({
        receiverUsername: bob.user.username,
        otherUsername: bob.user.username,
      });
    });

    it('answers an unknown name or e-mail with the generic failure text', async () => {
      const alice = await person();
      for (const name of ['nobody_at_all_here', 'nobody@example.com']) {
        const response = await alice.api.add(name);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          code: 'NOT_FOUND',
          reason: 'CONTACT_UNKNOWN',
          message: `${contactFailureTexts.add}：No user with this username or e-mail can receive your friend request`,
        });
      }
    });

    it('refuses adding yourself', async () => {
      const alice = await person();
      const before = await contactsTables(t.app);
      for (const name of [alice.user.username, alice.user.email.toUpperCase()]) {
        const response = await alice.api.add(name);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: `${contactFailureTexts.add}：You cannot send a friend request to yourself`,
        });
      }
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('refuses sending the same request twice, with a reason of its own', async () => {
      const { alice, bob, request } = await pendingPair();
      const before = await contactsTables(t.app);
      const twice = await alice.api.add(bob.user.email);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ reason: 'CONTACT_ALREADY_SENT' });
      expect(twice.json().message).toMatch(/already sent this user a friend request/);
      expect(await contactsTables(t.app)).toEqual(before);
      expect((await alice.api.list()).filter((c) => c.otherUserId === bob.user.id)).toEqual([
        expect.objectContaining({ id: request.id, status: 'pending' }),
      ]);
    });

    it('accepts a pending request from the person one adds: both are friends, with their chat', async () => {
      const { alice, bob, request } = await pendingPair();
      const back = await bob.api.add(alice.user.username);
      expect(back.statusCode).toBe(200);
      expect(contactFrom(back)).toMatchObject({
        id: request.id,
        status: 'accepted',
        direction: 'incoming',
        chatId: expect.any(String),
      });
      expect(find(await alice.api.list(), request.id)).toMatchObject({ status: 'accepted' });
    });

    it('gives each refusal its reason: yourself, unknown, already friends', async () => {
      const { alice, bob } = await friends();
      const self = await alice.api.add(alice.user.username);
      expect(self.json()).toMatchObject({ statusCode: 400, reason: 'CONTACT_SELF' });
      const unknown = await alice.api.add('nobody-here-at-all');
      expect(unknown.json()).toMatchObject({ statusCode: 404, reason: 'CONTACT_UNKNOWN' });
      const again = await alice.api.add(bob.user.username);
      expect(again.json()).toMatchObject({ statusCode: 409, reason: 'CONTACT_ALREADY_FRIENDS' });
    });

    it('lets either party send a rejected request again: the same request, pending once more', async () => {
      const { alice, bob, request } = await pendingPair();
      contactFrom(await bob.api.action('reject', request.id));
      const again = await alice.api.send(bob.user.username);
      expect(again).toMatchObject({ id: request.id, status: 'pending', senderId: alice.user.id });
      contactFrom(await bob.api.action('reject', request.id));
      // The one who rejected changes their mind: the request turns around.
      const turned = await bob.api.send(alice.user.email);
      expect(turned).toMatchObject({
        id: request.id,
        status: 'pending',
        senderId: bob.user.id,
        receiverId: alice.user.id,
      });
      expect(find(await alice.api.list(), request.id)).toMatchObject({ direction: 'incoming' });
    });

    it('resolves two users adding each other at once into one request, accepted', async () => {
      const alice = await person();
      const bob = await person();
      const [a, b] = await Promise.all([
        alice.api.add(bob.user.username),
        bob.api.add(alice.user.username),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const rows = (await contactsTables(t.app)).requests.filter(
        (r) =>
          [r.sender_id, r.receiver_id].sort().join() === [alice.user.id, bob.user.id].sort().join(),
      );
      expect(rows).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('gives only the requests waiting for the viewer’s answer with waiting=incoming', async () => {
      const { alice, bob, request } = await pendingPair();
      const carol = await person();
      const toCarol = await bob.api.send(carol.user.username);
      const dave = await person();
      const fromDave = await dave.api.send(bob.user.username);
      await bob.api.action('accept', fromDave.id);
      const waiting = async (cookie: string) => {
        const response = await t.app.inject({
          url: `${contactsPaths.list}?waiting=incoming`,
          headers: { cookie },
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ data: { formattedContacts: Contact[] } }>().data.formattedContacts;
      };
      // Bob: Alice's request waits for him; his own to Carol and Dave's accepted one do not.
      expect((await waiting(bob.cookie)).map((c) => c.id)).toEqual([request.id]);
      expect((await bob.api.list()).map((c) => c.id).sort()).toEqual(
        [request.id, toCarol.id, fromDave.id].sort(),
      );
      expect(await waiting(alice.cookie)).toEqual([]);
      expect((await waiting(carol.cookie)).map((c) => c.id)).toEqual([toCarol.id]);
    });

    it('refuses any other filter with a readable 400', async () => {
      const { bob } = await pendingPair();
      for (const query of ['waiting=outgoing', 'waiting=', 'waiting=incoming&waiting=incoming']) {
        const response = await t.app.inject({
          url: `${contactsPaths.list}?${query}`,
          headers: { cookie: bob.cookie },
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json<{ message: string }>().message, query).toMatch(
          new RegExp(`^${contactFailureTexts.list}`),
        );
      }
    });
  });

  describe('accept and reject', () => {
    it('accepting makes both friends and creates their one-to-one chat', async () => {
      const { alice, bob, request, accepted } = await friends();
      expect(accepted).toMatchObject({ id: request.id, status: 'accepted', direction: 'incoming' });
      expect(accepted.chatId).toEqual(expect.any(String));
      const aliceView = find(await alice.api.list(), request.id);
      const bobView = find(await bob.api.list(), request.id);
      expect(aliceView).toMatchObject({ status: 'accepted', chatId: accepted.chatId });
      expect(bobView).toMatchObject({ status: 'accepted', chatId: accepted.chatId });
      const { chats, participants } = await contactsTables(t.app);
      expect(chats.find((c) => c.id === accepted.chatId)).toMatchObject({ type: 'private' });
      expect(
        participants
          .filter((p) => p.chat_id === accepted.chatId)
          .map((p) => p.user_id)
          .sort(),
      ).toEqual([alice.user.id, bob.user.id].sort());
    });

    it('rejecting marks the request rejected for both', async () => {
      const { alice, bob, request } = await pendingPair();
      const rejected = contactFrom(await bob.api.action('reject', request.id));
      expect(rejected).toMatchObject({ status: 'rejected', chatId: null });
      expect(find(await alice.api.list(), request.id)).toMatchObject({
        status: 'rejected',
        direction: 'outgoing',
      });
      expect((await contactsTables(t.app)).chats.some((c) => c.id === rejected.chatId)).toBe(false);
    });

    it('only the receiver may accept or reject; the sender gets 403 and nothing changes', async () => {
      const { alice, request } = await pendingPair();
      const before = await contactsTables(t.app);
      for (const action of ['accept', 'reject'] as const) {
        const response = await alice.api.action(action, request.id);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: `${contactFailureTexts[action]}：Only the receiver of a friend request can ${action} it`,
        });
      }
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('a stranger cannot see, accept or reject somebody else’s request', async () => {
      const { request } = await pendingPair();
      const mallory = await person();
      const before = await contactsTables(t.app);
      for (const action of ['accept', 'reject', 'remove', 'block', 'unblock', 'chat'] as const) {
        const response = await mallory.api.action(action, request.id);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(
          `${contactFailureTexts[action]}：No such friend request`,
        );
      }
      expect(await mallory.api.list()).toEqual([]);
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('a replayed accept, or a reject after accepting, is a conflict that changes nothing', async () => {
      const { bob, request } = await friends();
      const before = await contactsTables(t.app);
      for (const action of ['accept', 'reject'] as const) {
        const response = await bob.api.action(action, request.id);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(
          `${contactFailureTexts[action]}：This friend request is no longer pending: it is accepted`,
        );
      }
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('two accepts racing make one friendship and one chat', async () => {
      const { bob, request } = await pendingPair();
      const [a, b] = await Promise.all([
        bob.api.action('accept', request.id),
        bob.api.action('accept', request.id),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const { chats } = await contactsTables(t.app);
      const winner = contactFrom(a.statusCode === 200 ? a : b);
      expect(chats.filter((c) => c.id === winner.chatId)).toHaveLength(1);
    });
  });

  describe('remove', () => {
    it('either party removes the request; re-adding later revives the same chat', async () => {
      const { alice, bob, request, accepted } = await friends();
      const removed = await alice.api.action('remove', request.id);
      expect(removed.json()).toEqual({ statusCode: 200, data: { contactId: request.id } });
      expect(find(await alice.api.list(), request.id)).toBeUndefined();
      expect(find(await bob.api.list(), request.id)).toBeUndefined();

      const again = await bob.api.send(alice.user.username);
      expect(again.id).not.toBe(request.id);
      expect(again.chatId).toBe(accepted.chatId);
      const reaccepted = contactFrom(await alice.api.action('accept', again.id));
      expect(reaccepted.chatId).toBe(accepted.chatId);
      const { chats } = await contactsTables(t.app);
      expect(chats.filter((c) => c.id === accepted.chatId)).toHaveLength(1);
    });

    it('the sender withdraws a pending request, the receiver dismisses one', async () => {
      const first = await pendingPair();
      expect((await first.alice.api.action('remove', first.request.id)).statusCode).toBe(200);
      const second = await pendingPair();
      expect((await second.bob.api.action('remove', second.request.id)).statusCode).toBe(200);
      expect(await second.alice.api.list()).toEqual([]);
    });

    it('removing twice answers 404', async () => {
      const { alice, request } = await pendingPair();
      expect((await alice.api.action('remove', request.id)).statusCode).toBe(200);
      expect((await alice.api.action('remove', request.id)).statusCode).toBe(404);
    });
  });

  describe('block and unblock', () => {
    it('blocking hides the request from the blocked user, who learns nothing from trying to add', async () => {
      const { alice, bob, request } = await friends();
      const blocked = contactFrom(await bob.api.action('block', request.id));
      expect(blocked).toMatchObject({ status: 'blocked', blockedBy: bob.user.id });
      expect(find(await bob.api.list(), request.id)).toMatchObject({ status: 'blocked' });
      expect(find(await alice.api.list(), request.id)).toBeUndefined();

      const before = await contactsTables(t.app);
      const retry = await alice.api.add(bob.user.username);
      const unknown = await alice.api.add('no_such_user_anywhere');
      expect(retry.statusCode).toBe(unknown.statusCode);
      expect(retry.json()).toEqual(unknown.json());
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('the blocked user cannot unblock, remove, accept or re-block: the request does not exist for them', async () => {
      const { alice, bob, request } = await pendingPair();
      contactFrom(await alice.api.action('block', request.id));
      const before = await contactsTables(t.app);
      for (const action of ['unblock', 'remove', 'accept', 'reject', 'block', 'chat'] as const) {
        const response = await bob.api.action(action, request.id);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(
          `${contactFailureTexts[action]}：No such friend request`,
        );
      }
      expect(await contactsTables(t.app)).toEqual(before);
    });

    it('the blocker must unblock before adding or removing; unblocking gives the request back as it was', async () => {
      const { alice, bob, request } = await pendingPair();
      contactFrom(await bob.api.action('block', request.id));
      expect((await bob.api.add(alice.user.username)).json().message).toMatch(
        /You blocked this user; unblock them/,
      );
      expect((await bob.api.action('remove', request.id)).statusCode).toBe(409);
      expect((await bob.api.action('block', request.id)).statusCode).toBe(409);

      const unblocked = contactFrom(await bob.api.action('unblock', request.id));
      expect(unblocked).toMatchObject({
        status: 'pending',
        direction: 'incoming',
        blockedBy: null,
      });
      expect(unblocked.chatId).toBe(null);
      expect(find(await alice.api.list(), request.id)).toMatchObject({
        status: 'pending',
        direction: 'outgoing',
      });
      const again = await bob.api.action('unblock', request.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `${contactFailureTexts.unblock}：This contact is not blocked`,
      );
    });

    it('a block hides online status both ways', async () => {
      const { alice, bob, request } = await friends();
      const contacts = t.app.services.contacts;
      expect(await contacts.mayWatchPresenceOf(alice.user.id, bob.user.id)).toBe(true);
      expect(await contacts.mayWatchPresenceOf(bob.user.id, alice.user.id)).toBe(true);
      contactFrom(await bob.api.action('block', request.id));
      expect(await contacts.mayWatchPresenceOf(alice.user.id, bob.user.id)).toBe(false);
      expect(await contacts.mayWatchPresenceOf(bob.user.id, alice.user.id)).toBe(false);
      expect(await contacts.presenceWatchersOf(alice.user.id)).toEqual([]);
    });
  });

  describe('chat with a friend', () => {
    it('opens the friend’s chat, and recreates it if it was deleted', async () => {
      const { alice, request, accepted } = await friends();
      const opened = await alice.api.action('chat', request.id);
      expect(opened.json()).toEqual({ statusCode: 200, data: { chatId: accepted.chatId } });
      await t.app.database.db.deleteFrom('chats').where('id', '=', accepted.chatId).execute();
      const recreated = await alice.api.action('chat', request.id);
      const chatId = recreated.json().data.chatId;
      expect(chatId).not.toBe(accepted.chatId);
      expect(find(await alice.api.list(), request.id)?.chatId).toBe(chatId);
    });

    it('refuses a chat with someone who is not (yet) a friend', async () => {
      const { alice, request } = await pendingPair();
      const response = await alice.api.action('chat', request.id);
      expect(response.statusCode).toBe(409);
    });
  });

  it('lists only the user’s own requests, the latest change first', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    await person().then((dave) => dave.api.send(bob.user.username));
    const first = await alice.api.send(bob.user.username);
    const second = await carol.api.send(alice.user.username);
    const touch = (id: string, at: number) =>
      t.app.database.db
        .updateTable('friend_requests')
        .set({ updated_at: at })
        .where('id', '=', id)
        .execute();
    await touch(first.id, 2_000);
    await touch(second.id, 1_000);
    expect((await alice.api.list()).map((c) => c.id)).toEqual([first.id, second.id]);
    await touch(second.id, 3_000);
    expect((await alice.api.list()).map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it('requires a session for every operation', async () => {
    const list = await t.app.inject({ url: '/api/chat-social-msg/contacts/list' });
    expect(list.statusCode).toBe(401);
    expect(list.json()).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: `${contactFailureTexts.list}：Sign in to continue`,
    });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/chat-social-msg/contacts/add',
      payload: { receiverName: 'someone' },
    });
    expect(add.statusCode).toBe(401);
  });
});
