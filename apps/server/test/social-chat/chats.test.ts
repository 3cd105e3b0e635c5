import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  socialChatApiPaths as paths,
  type ChatUnread,
  type SocialChat,
} from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { befriend, dataOf, friends, person, type Person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseTargets)('social chats on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const list = async (who: Person) =>
    dataOf<{ chats: SocialChat[] }>(await who.api.call('GET', paths.chats)).chats;
  const toggle = async (who: Person, chatId: string, name: string, value: boolean) =>
    dataOf<{ chat: SocialChat }>(
      await who.api.call('POST', `${paths.chat(chatId)}/${name}`, { value }),
    ).chat;

  it('lists a chat as each participant sees it', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    expect(await list(alice)).toEqual([
      expect.objectContaining({
        _id: chatId,
        type: 'private',
        name: bob.user.username,
        nickname: null,
        participants: [
          {
            id: bob.user.id,
            username: bob.user.username,
            nickname: null,
            displayName: null,
            avatar: null,
          },
        ],
        lastMessage: null,
        lastTime: null,
        lastSeq: 0,
        unread: 0,
        isOnline: false,
        isPinned: false,
        pinnedOrder: null,
        isArchived: false,
        isMuted: false,
        isBlocked: false,
        readOnly: false,
      }),
    ]);
    const sent = await alice.api.say(chatId, 'hi Bob');
    const [forBob] = await list(bob);
    expect(forBob).toMatchObject({
      name: alice.user.username,
      lastMessage: { _id: sent._id, content: 'hi Bob' },
      lastTime: sent.timestamp,
      lastSeq: 1,
      unread: 1,
    });
  });

  it('opens the chat with an accepted contact, and only with one', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const stranger = await person(t.app);
    const opened = await alice.api.call('POST', paths.chats, { participantId: bob.user.id });
    expect(dataOf<{ chat: SocialChat }>(opened).chat._id).toBe(chatId);
    const viaRooms = await alice.api.call('POST', '/chat-social-msg/rooms', {
      participantId: bob.user.id,
    });
    expect(dataOf<{ chat: SocialChat }>(viaRooms).chat._id).toBe(chatId);
    const refused = await alice.api.call('POST', paths.chats, { participantId: stranger.user.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(
      '创建聊天失败：You can open a chat only with an accepted contact',
    );
    const self = await alice.api.call('POST', paths.chats, { participantId: alice.user.id });
    expect(self.statusCode).toBe(400);
    expect(await list(stranger)).toEqual([]);
  });

  it('keeps a nickname for the viewer only, shown as plain text', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const nickname = '<img src=x onerror=alert(1)>';
    const renamed = await alice.api.call('PUT', paths.chat(chatId), { nickname: `  ${nickname} ` });
    expect(dataOf<{ chat: SocialChat }>(renamed).chat.nickname).toBe(nickname);
    expect((await list(bob))[0]!.nickname).toBeNull();
    const cleared = await alice.api.call('PUT', paths.chat(chatId), { nickname: null });
    expect(dataOf<{ chat: SocialChat }>(cleared).chat.nickname).toBeNull();
  });

  it('pins with the count of pinned chats as the order, pinned first', async () => {
    const alice = await person(t.app);
    const [bob, carol, dave] = [await person(t.app), await person(t.app), await person(t.app)];
    const withBob = (await befriend(alice, bob)).chatId;
    const withCarol = (await befriend(alice, carol)).chatId;
    const withDave = (await befriend(alice, dave)).chatId;
    await dave.api.say(withDave, 'latest activity');
    expect((await toggle(alice, withBob, 'pin', true)).pinnedOrder).toBe(1);
    expect((await toggle(alice, withCarol, 'pin', true)).pinnedOrder).toBe(2);
    // Pinning again keeps the order it had.
    expect((await toggle(alice, withBob, 'pin', true)).pinnedOrder).toBe(1);
    expect((await list(alice)).map((c) => c._id)).toEqual([withCarol, withBob, withDave]);
    const unpinned = await toggle(alice, withBob, 'pin', false);
    expect(unpinned).toMatchObject({ isPinned: false, pinnedOrder: null });
    expect((await toggle(alice, withDave, 'pin', true)).pinnedOrder).toBe(2);
    expect((await list(bob))[0]!.isPinned).toBe(false);
  });

  it('archives and mutes for the viewer only', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    expect(await toggle(alice, chatId, 'archive', true)).toMatchObject({ isArchived: true });
    expect(await toggle(alice, chatId, 'mute', true)).toMatchObject({ isMuted: true });
    expect((await list(bob))[0]).toMatchObject({ isArchived: false, isMuted: false });
    expect(await toggle(alice, chatId, 'archive', false)).toMatchObject({ isArchived: false });
  });

  it('blocks a chat: nobody sends into it until it is unblocked', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    expect(await toggle(bob, chatId, 'block', true)).toMatchObject({
      isBlocked: true,
      readOnly: true,
    });
    // Bob's block is his own: Alice's list shows the chat read-only, not who blocked it.
    expect((await list(alice))[0]).toMatchObject({ isBlocked: false, readOnly: true });
    for (const who of [alice, bob]) {
      const refused = await who.api.send(chatId, { content: 'anyone there?' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        '发送消息失败：This chat is read-only: nothing new can be written in it',
      );
    }
    await toggle(bob, chatId, 'block', false);
    expect((await alice.api.say(chatId, 'back again')).seq).toBe(1);
  });

  it('deletes a chat from the viewer list until a new message arrives', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await alice.api.say(chatId, 'first');
    const deleted = await bob.api.call('DELETE', paths.chat(chatId));
    expect(dataOf(deleted)).toEqual({ chatId });
    expect(await list(bob)).toEqual([]);
    expect((await list(alice)).map((c) => c._id)).toEqual([chatId]);
    await alice.api.say(chatId, 'still there?');
    expect(await list(bob)).toMatchObject([{ _id: chatId, lastSeq: 2 }]);
  });

  // What every signed-in page reads for its notifications: the list's chats, a few fields each.
  it("gives each chat of the viewer's list with its unread count, mute and nickname only", async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const carol = await person(t.app);
    await befriend(alice, carol);
    const carolChat = (await list(alice)).find((chat) => chat.name === carol.user.username)!._id;
    const unread = async (who: Person) =>
      dataOf<{ chats: ChatUnread[] }>(await who.api.call('GET', paths.chatsUnread)).chats;

    await bob.api.say(chatId, 'one');
    await bob.api.say(chatId, 'two');
    await toggle(alice, chatId, 'mute', true);
    await alice.api.call('PUT', paths.chat(chatId), { nickname: 'Bobby' });
    expect(
      (await unread(alice)).sort((a, b) => (a._id === chatId ? -1 : b._id === chatId ? 1 : 0)),
    ).toEqual([
      { _id: chatId, unread: 2, isMuted: true, nickname: 'Bobby' },
      { _id: carolChat, unread: 0, isMuted: false, nickname: null },
    ]);
    // The same counts as the list, and each user's own.
    const listed = await list(alice);
    for (const chat of await unread(alice)) {
      expect(listed.find((c) => c._id === chat._id)).toMatchObject(chat);
    }
    expect(await unread(bob)).toEqual([{ _id: chatId, unread: 0, isMuted: false, nickname: null }]);
    // A chat the viewer deleted is not in their list, so not here either.
    await alice.api.call('DELETE', paths.chat(carolChat));
    expect((await unread(alice)).map((chat) => chat._id)).toEqual([chatId]);
    expect(await unread(await person(t.app))).toEqual([]);
  });

  it('lists the rooms a user may join with their last sequence number', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bob.api.say(chatId, 'one');
    await bob.api.say(chatId, 'two');
    const rooms = await alice.api.call('GET', '/chat-social-msg/rooms');
    expect(dataOf(rooms)).toEqual({ rooms: [{ chatId, lastSeq: 2 }] });
  });
});
