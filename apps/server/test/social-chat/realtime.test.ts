import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths as paths, type SocialChat } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { befriend, dataOf, friends, person, type Person } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

// What each participant hears over socket.io when a chat changes through the API.
describe.each(databaseTargets)('social chat events on $engine', (target) => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(target);
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function tab(who: Person) {
    const socket = await connect(url, { cookie: who.cookie });
    open.push(socket);
    return socket;
  }

  it('delivers a new message to every tab of both participants and nobody else', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const carol = await person(t.app);
    const dave = await person(t.app);
    const carolAndDave = await befriend(carol, dave);
    const aliceTab = await tab(alice);
    const bobTabs = [await tab(bob), await tab(bob)];
    const carolTab = await tab(carol);

    const sent = await alice.api.say(chatId, 'ping');
    expect(await aliceTab.next('newChatMessage')).toEqual({ message: sent });
    for (const bobTab of bobTabs) {
      expect(await bobTab.next('new_message')).toEqual({ chatId, unread: 1, message: sent });
    }
    const second = await alice.api.say(chatId, 'ping again');
    // One event per message and tab: the receiver's is new_message, the sender's newChatMessage.
    for (const bobTab of bobTabs) {
      expect(await bobTab.next('new_message')).toEqual({ chatId, unread: 2, message: second });
      expect(bobTab.received.map((r) => r.event)).toEqual(['new_message', 'new_message']);
    }
    expect(await aliceTab.next('newChatMessage')).toEqual({ message: second });
    expect(aliceTab.received.map((r) => r.event)).toEqual(['newChatMessage', 'newChatMessage']);

    // Carol's first event is about her own chat: nothing of Alice and Bob reached her.
    const own = await carol.api.say(carolAndDave.chatId, 'hi Dave');
    expect(await carolTab.next('newChatMessage')).toEqual({ message: own });
    expect(carolTab.received).toHaveLength(1);
  });

  it('tells both participants of edits and deletions', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const message = await alice.api.say(chatId, 'draft');
    const aliceTab = await tab(alice);
    const bobTab = await tab(bob);
    await alice.api.call('PUT', paths.message(chatId, message._id), { content: 'final' });
    for (const socket of [aliceTab, bobTab]) {
      expect(await socket.next('messageUpdated')).toMatchObject({
        message: { _id: message._id, content: 'final' },
      });
    }
    await alice.api.call('DELETE', paths.message(chatId, message._id));
    for (const socket of [aliceTab, bobTab]) {
      expect(await socket.next('messageUpdated')).toMatchObject({
        message: { _id: message._id, content: '', deleted: true },
      });
    }
    // Bob had not read it: his chat now shows no unread message.
    expect(await bobTab.next('chatUpdated')).toMatchObject({ chat: { _id: chatId, unread: 0 } });
  });

  it('tells the sender that their messages were read, and the reader tabs their new count', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await alice.api.say(chatId, 'one');
    await alice.api.say(chatId, 'two');
    const aliceTab = await tab(alice);
    const bobTab = await tab(bob);
    await bob.api.call('POST', paths.readAll(chatId));
    expect(await aliceTab.next('messagesRead')).toEqual({
      chatId,
      userId: bob.user.id,
      lastReadSeq: 2,
    });
    expect(await bobTab.next('chatUpdated')).toMatchObject({
      chat: { _id: chatId, unread: 0, lastSeq: 2 },
    });
    // Reading again changes nothing the sender needs to hear.
    await bob.api.call('POST', paths.readAll(chatId));
    expect(await bobTab.next('chatUpdated')).toMatchObject({ chat: { unread: 0 } });
    expect(aliceTab.received.map((r) => r.event)).toEqual(['messagesRead']);
  });

  it('tells only the viewer tabs of their own toggles and shows who is connected', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const aliceTab = await tab(alice);
    const bobTab = await tab(bob);
    await alice.api.call('POST', paths.chatToggle(chatId, 'mute'), { value: true });
    expect(await aliceTab.next('chatUpdated')).toMatchObject({
      chat: { _id: chatId, isMuted: true, isOnline: true },
    });
    const [forBob] = dataOf<{ chats: SocialChat[] }>(await bob.api.call('GET', paths.chats)).chats;
    expect(forBob).toMatchObject({ isMuted: false, isOnline: true });
    expect(bobTab.received).toEqual([]);
    aliceTab.close();
    await expect
      .poll(async () => {
        const { chats } = dataOf<{ chats: SocialChat[] }>(await bob.api.call('GET', paths.chats));
        return chats[0]?.isOnline;
      })
      .toBe(false);
  });
});
