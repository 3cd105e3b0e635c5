import { afterEach, describe, expect, it } from 'vitest';
import { contactFailureTexts } from '@confab/protocol/contacts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactsAs, contactsTables } from '../helpers/contacts';

describe('adding contacts is rate-limited per user', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('refuses the request after the limit, whatever the answers were, and other users go on', async () => {
    t = await startTestApp(undefined, { rateLimits: { addContactPerUserPerMinute: 3 } });
    const prober = contactsAs(t.app, (await signUp(t.app)).cookie);
    const target = await signUp(t.app);
    // Guessing names: unknown ones count like the rest.
    for (const name of ['guess_one', 'guess_two', 'guess_three']) {
      expect((await prober.add(name)).statusCode).toBe(404);
    }
    const before = await contactsTables(t.app);
    const limited = await prober.add(target.user.username);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(new RegExp(`^${contactFailureTexts.add}：Too many requests`)),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contactsTables(t.app)).toEqual(before);

    // Same address, another user: not limited, since the key is the user.
    const other = contactsAs(t.app, (await signUp(t.app)).cookie);
    expect((await other.add(target.user.username)).statusCode).toBe(200);
    // Reading the list is not limited.
    expect((await prober.listResponse()).statusCode).toBe(200);
  });

  it('answers a signed-out caller 401 before counting anything', async () => {
    t = await startTestApp(undefined, { rateLimits: { addContactPerUserPerMinute: 1 } });
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/chat-social-msg/contacts/add',
        payload: { receiverName: 'someone' },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
