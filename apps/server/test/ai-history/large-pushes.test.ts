import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiHistoryRoutes } from '@confab/protocol/ai-history';
import { limits } from '@confab/protocol/limits';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { aiChat, aiHistoryAs, aiMessage, putChat, putMessage } from '../helpers/ai-history';
import { rawConnection } from '../helpers/raw-http';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/** A message whose prompt carries a 2 MB photo: a push larger than other bodies may be. */
function photoMessage(chatId: string) {
  const photo: PromptAttachment = {
    kind: 'image',
    name: 'photo.jpg',
    size: 2_000_000,
    mime: 'image/jpeg',
    dataUrl: `data:image/jpeg;base64,${Buffer.alloc(2_000_000, 7).toString('base64')}`,
    width: 2048,
    height: 1536,
  };
  return aiMessage(chatId, { parentId: null, attachments: [photo] });
}

// docs/product.md#ai-history-sync: bodies past the usual 1 MiB (prompts' images) are allowed a
// few times a minute per user, and one past that allowance is refused before it is read: 600
// pushes of 64 MiB a minute would be 38 GB for the server to take in.
describe('large AI history pushes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(undefined, { rateLimits: { aiHistoryLargePushesPerUserPerMinute: 2 } });
    await listen(t.app);
  });
  afterAll(() => t.close());

  it('refuses a user past their large pushes per minute with 429, storing nothing; small pushes and other users go on', async () => {
    const alice = aiHistoryAs(t.app, (await signUp(t.app)).cookie);
    const chat = aiChat();
    await alice.push([putChat(chat)]);
    await alice.push([putMessage(photoMessage(chat.id))]);
    await alice.push([putMessage(photoMessage(chat.id))]);
    const limited = await alice.call('POST', aiHistoryRoutes.chats, {
      changes: [putMessage(photoMessage(chat.id))],
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/large AI history pushes/i);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await alice.messages()).changes).toHaveLength(2);

    // A push of the usual size is not counted against that allowance.
    expect((await alice.push([putChat(aiChat())])).revision).toBe(4);
    const bob = aiHistoryAs(t.app, (await signUp(t.app)).cookie);
    const bobs = aiChat();
    await bob.push([putChat(bobs)]);
    expect((await bob.push([putMessage(photoMessage(bobs.id))])).revision).toBe(2);
  });

  it('answers 429 to a large push past the allowance before its body has arrived', async () => {
    const { cookie } = await signUp(t.app);
    const carol = aiHistoryAs(t.app, cookie);
    const chat = aiChat();
    await carol.push([putChat(chat)]);
    await carol.push([putMessage(photoMessage(chat.id))]);
    await carol.push([putMessage(photoMessage(chat.id))]);

    const connection = await rawConnection((t.app.server.address() as AddressInfo).port);
    connection.socket.write(
      `POST ${aiHistoryRoutes.chats} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${limits.aiHistoryPushMaxBytes - 1}\r\n\r\n` +
        '{"changes":[',
    );
    expect(await connection.statusLine()).toBe('HTTP/1.1 429 Too Many Requests');
    connection.socket.destroy();
  });
});
