import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiHistoryRoutes } from '@confab/protocol/ai-history';
import { aiChat, aiHistoryAs, putChat } from '../helpers/ai-history';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// Pushes are counted per user; pulls are not.
describe('AI history push rate', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(undefined, { rateLimits: { aiHistoryPushesPerUserPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('refuses a user past their pushes per minute with 429, storing nothing, and not others', async () => {
    const alice = aiHistoryAs(t.app, (await signUp(t.app)).cookie);
    await alice.push([putChat(aiChat())]);
    await alice.push([putChat(aiChat())]);
    const limited = await alice.call('POST', aiHistoryRoutes.chats, {
      changes: [putChat(aiChat())],
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<unknown>()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await alice.chats()).settings.revision).toBe(2);

    const bob = aiHistoryAs(t.app, (await signUp(t.app)).cookie);
    expect((await bob.push([putChat(aiChat())])).revision).toBe(1);
  });
});
