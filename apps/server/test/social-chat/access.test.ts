import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths as paths, type SocialChat } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { dataOf, friends, person, socialTables } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Only participants read, send, mark and search; only the sender edits or deletes. Someone
// else's chat looks exactly like a chat that does not exist.
describe.each(databaseTargets)('social chat access on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('answers every call of a non-participant with 404 and changes nothing', async () => {
    const { alice, chatId } = await friends(t.app);
    const message = await alice.api.say(chatId, 'private');
    const mallory = await person(t.app);
    const calls: (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?])[] = [
      ['POST', paths.messages(chatId), { content: 'hi', clientId: randomUUID() }],
      ['GET', paths.messages(chatId)],
      ['GET', `${paths.messages(chatId)}?afterSeq=0`],
      ['PUT', paths.message(chatId, message._id), { content: 'mine now' }],
      ['DELETE', paths.message(chatId, message._id)],
      ['POST', paths.read(chatId), { messageId: message._id }],
      ['POST', paths.readAll(chatId)],
      ['GET', `${paths.search(chatId)}?q=private`],
      ['POST', paths.batchMessages, { chatIds: [chatId] }],
      ['PUT', paths.chat(chatId), { nickname: 'x' }],
      ['DELETE', paths.chat(chatId)],
      ...(['archive', 'mute', 'pin', 'block'] as const).map(
        (toggle) => ['POST', paths.chatToggle(chatId, toggle), { value: true }] as const,
      ),
      ['POST', paths.appSendMessage, { chatId, content: 'hi' }],
      ['DELETE', paths.appDeleteMessage, { chatId, messageId: message._id }],
      ['POST', paths.appMarkAsRead, { chatId, messageId: message._id }],
      ['POST', paths.appMarkAllAsRead, { chatId }],
      ['POST', paths.appBatchMessages, { chatIds: [chatId] }],
    ];
    const before = await socialTables(t.app);
    for (const [method, path, body] of calls) {
      const response = await mallory.api.call(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json<{ message: string }>().message, `${method} ${path}`).toMatch(
        /：No such chat$/,
      );
    }
    expect(await socialTables(t.app)).toEqual(before);
    const rooms = await mallory.api.call('GET', '/chat-social-msg/rooms');
    expect(rooms.json()).toMatchObject({ data: { rooms: [] } });
  });

  it('refuses a batch that names a chat of another pair beside the user own', async () => {
    const mine = await friends(t.app);
    const theirs = await friends(t.app);
    const response = await mine.alice.api.call('POST', paths.batchMessages, {
      chatIds: [mine.chatId, theirs.chatId],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('批量获取消息失败：No such chat');
  });

  it('answers a chat id that does not exist like one of another pair', async () => {
    const alice = await person(t.app);
    const response = await alice.api.page('no-such-chat');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: '获取消息列表失败：No such chat',
    });
  });

  it('lets only the sender edit or delete a message', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const message = await alice.api.say(chatId, 'mine');
    const before = await socialTables(t.app);
    const edit = await bob.api.call('PUT', paths.message(chatId, message._id), { content: 'x' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json<{ message: string }>().message).toBe(
      '编辑消息失败：Only the sender can edit a message',
    );
    const remove = await bob.api.call('DELETE', paths.message(chatId, message._id));
    expect(remove.statusCode).toBe(403);
    const appRemove = await bob.api.call('DELETE', paths.appDeleteMessage, {
      chatId,
      messageId: message._id,
    });
    expect(appRemove.statusCode).toBe(403);
    expect(await socialTables(t.app)).toEqual(before);
  });

  it('does not find a message of another chat through this one', async () => {
    const one = await friends(t.app);
    const other = await friends(t.app);
    const foreign = await other.alice.api.say(other.chatId, 'elsewhere');
    await one.alice.api.say(one.chatId, 'here');
    const before = await socialTables(t.app);
    const attempts = [
      one.alice.api.page(one.chatId, `?before=${foreign._id}`),
      one.alice.api.call('PUT', paths.message(one.chatId, foreign._id), { content: 'x' }),
      one.alice.api.call('DELETE', paths.message(one.chatId, foreign._id)),
      one.alice.api.call('POST', paths.read(one.chatId), { messageId: foreign._id }),
      one.alice.api.call('POST', paths.batchMessages, {
        chatIds: [one.chatId],
        messageId: foreign._id,
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(
        /：No such message in this chat$/,
      );
    }
    expect(await socialTables(t.app)).toEqual(before);
  });

  it('refuses sends between a pair where either blocked the other as a contact', async () => {
    const { alice, bob, chatId, contactId } = await friends(t.app);
    await alice.contacts.action('block', contactId);
    const [forBob] = dataOf<{ chats: SocialChat[] }>(await bob.api.call('GET', paths.chats)).chats;
    expect(forBob).toMatchObject({ _id: chatId, isBlocked: false, readOnly: true });
    const before = await socialTables(t.app);
    for (const who of [alice, bob]) {
      expect((await who.api.send(chatId, { content: 'hello?' })).statusCode).toBe(403);
    }
    expect(await socialTables(t.app)).toEqual(before);
    await alice.contacts.action('unblock', contactId);
    expect((await bob.api.send(chatId, { content: 'hello!' })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const { chatId } = await friends(t.app);
    const response = await t.app.inject({ method: 'GET', url: `/api${paths.messages(chatId)}` });
    expect(response.statusCode).toBe(401);
  });
});
