import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths as paths } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { friends, socialTables } from '../helpers/social-chat';
import { startTestApp, type TestApp } from '../helpers/test-app';

type Friends = Awaited<ReturnType<typeof friends>>;

// Each bad input gets a 4xx with a readable message (after the operation's failure text) and
// leaves everything stored as it was.
describe.each(databaseTargets)('social chat bad input on $engine', (target) => {
  let t: TestApp;
  let pair: Friends;
  let messageId: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    pair = await friends(t.app);
    messageId = (await pair.alice.api.say(pair.chatId, 'existing'))._id;
  });
  afterAll(() => t.close());

  async function refused(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    status: number,
    message: string,
  ) {
    const before = await socialTables(t.app);
    const response = await pair.alice.api.call(method, path, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toEqual(message);
    expect(await socialTables(t.app)).toEqual(before);
  }

  const send = (body: object, status: number, message: string) =>
    refused('POST', paths.messages(pair.chatId), body, status, `发送消息失败：${message}`);

  it('refuses blank and too long messages', async () => {
    await send({ content: '' }, 400, 'content: Message content must not be blank');
    await send({ content: ' \n\t ' }, 400, 'content: Message content must not be blank');
    await send({ content: 'x'.repeat(2001) }, 400, 'content: 消息长度不能超过2000个字符');
    await send({}, 400, 'content: Message content must be text');
    await refused(
      'POST',
      paths.appSendMessage,
      { chatId: pair.chatId, content: '   ' },
      400,
      '发送消息失败：content: Message content must not be blank',
    );
  });

  it('accepts exactly 2000 characters', async () => {
    const response = await pair.bob.api.send(pair.chatId, { content: 'y'.repeat(2000) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a content type that is not allowed, and files that were not uploaded', async () => {
    await send(
      { content: 'hi', type: 'video' },
      400,
      'type: Content type must be one of: text, image, file, ai_share, ai_answer',
    );
    await send(
      { content: 'cat.png', type: 'image' },
      400,
      'An image message needs the fileId of an uploaded file',
    );
    await send(
      { content: 'cat.png', type: 'image', fileId: 'not-uploaded' },
      400,
      'Upload the file to this chat first',
    );
    await send(
      { content: 'hi', fileId: 'not-uploaded' },
      400,
      'A text message carries no file; send it as image or file',
    );
    await send({ content: 'hi', clientId: 'not-a-uuid' }, 400, 'clientId: clientId must be a UUID');
    await send({ content: 'hi', sender: 'someone-else' }, 400, 'Unrecognized key: "sender"');
  });

  it('refuses page sizes outside 1 to 100 and text', async () => {
    for (const limit of ['0', '-1', '10000', 'text', '1.5']) {
      await refused(
        'GET',
        `${paths.messages(pair.chatId)}?limit=${limit}`,
        undefined,
        400,
        '获取消息列表失败：limit: limit must be a whole number from 1 to 100',
      );
    }
    await refused(
      'POST',
      paths.batchMessages,
      { chatIds: [pair.chatId], limit: 10000 },
      400,
      '批量获取消息失败：limit: limit must be a whole number from 1 to 100',
    );
    await refused(
      'GET',
      `${paths.search(pair.chatId)}?limit=0`,
      undefined,
      400,
      '搜索消息失败：limit: limit must be a whole number from 1 to 100',
    );
  });

  it('refuses a before that is not a message of this chat', async () => {
    for (const before of ['not-an-id', randomUUID()]) {
      await refused(
        'GET',
        `${paths.messages(pair.chatId)}?before=${before}`,
        undefined,
        404,
        '获取消息列表失败：No such message in this chat',
      );
    }
    await refused(
      'GET',
      `${paths.messages(pair.chatId)}?before=`,
      undefined,
      400,
      '获取消息列表失败：before: Give the id of a message',
    );
  });

  it('refuses malformed bodies of the other calls', async () => {
    await refused(
      'PUT',
      paths.message(pair.chatId, messageId),
      { content: '' },
      400,
      '编辑消息失败：content: Message content must not be blank',
    );
    await refused(
      'POST',
      paths.read(pair.chatId),
      {},
      400,
      '标记已读失败：messageId: Give the id of a message',
    );
    await refused(
      'POST',
      paths.batchMessages,
      { chatIds: [] },
      400,
      '批量获取消息失败：chatIds: Give at least one chat id',
    );
    await refused(
      'PUT',
      paths.chat(pair.chatId),
      { nickname: 'n'.repeat(33) },
      400,
      '更新聊天失败：nickname: A nickname has at most 32 characters',
    );
    await refused(
      'POST',
      `${paths.chat(pair.chatId)}/explode`,
      { value: true },
      400,
      expect.stringMatching(/^更新聊天设置失败：toggle: /) as never,
    );
    await refused(
      'POST',
      paths.chatToggle(pair.chatId, 'pin'),
      { value: 'yes' },
      400,
      expect.stringMatching(/^更新聊天设置失败：value: /) as never,
    );
  });
});
