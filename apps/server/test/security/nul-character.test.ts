import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { databaseSnapshot } from '../helpers/fuzz-routes';
import { multipart } from '../helpers/social';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// Found by the fuzzer: PostgreSQL fails a whole statement on a NUL character in text (a 500).
describe.each(databaseTargets)('text with a NUL character on $engine', (target) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  it.each([
    ['/api/chat-social-msg/contacts/accept', { contact: 'a\u0000b' }, 'contact'],
    ['/api/chat-social-msg/contacts/add', { receiverName: 'bob\u0000' }, 'receiverName'],
    ['/api/_auth/login', { username: 'x\u0000', password: 'whatever' }, 'username'],
    ['/api/mcp/call', { client: 'a', name: 'b', args: { deep: ['\u0000'] } }, 'args.deep.0'],
  ])('%s answers 400 naming the field and stores nothing', async (url, payload, field) => {
    const before = await databaseSnapshot(t.app);
    const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(`${field}: Text may not contain the NUL character`),
    });
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });

  // Found by the route fuzzer once the social chat's ids came in paths.
  it.each([
    ['DELETE', '/api/chat-social-msg/chats/%00', 'chatId'],
    ['GET', '/api/chat-social-msg/a%00b/messages', 'chatId'],
    ['GET', '/api/chat-social-msg/files/a%00b', 'fileId'],
    ['GET', '/api/chat-social-msg/presence/%00', 'userId'],
  ] as const)('%s %s answers 400 naming the path parameter', async (method, url, param) => {
    const before = await databaseSnapshot(t.app);
    const response = await t.app.inject({ method, url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(
      new RegExp(`${param}: Text may not contain the NUL character`),
    );
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });

  // Found by the route fuzzer on PostgreSQL: a multipart field is not a JSON body.
  it('refuses it in the chatId field of an upload', async () => {
    const before = await databaseSnapshot(t.app);
    const body = await multipart([
      ['chatId', 'a\u0000b'],
      ['file', { bytes: 'hello', filename: 'note.txt' }],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat-social-msg/files/upload',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(
      /chatId: Text may not contain the NUL character/,
    );
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });

  it('refuses it in a query string and in a socket event too', async () => {
    const query = await t.app.inject({ url: '/api/mcp/tools?server=a%00', headers: { cookie } });
    expect(query.statusCode).toBe(400);
    const socket = await connect(await listen(t.app), { cookie });
    try {
      const reply = await socket.emitWithAck('friendRequestMessage', {
        newContact: { id: 'a\u0000' },
        receiverName: 'bob',
      });
      expect(reply).toMatchObject({ ok: false, error: { statusCode: 400 } });
      expect(reply.ok || reply.error.message).toMatch(/newContact\.id: Text may not contain/);
    } finally {
      socket.close();
    }
  });
});
