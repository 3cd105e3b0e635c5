import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushApiPaths, pushLimits } from '@confab/protocol/push';
import { databaseTargets } from '../helpers/database-targets';
import { startPushEndpoint } from '../helpers/push-endpoint';
import { friends, type Person } from '../helpers/social-chat';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieFrom } from '../helpers/users';

const pushConfig = {
  subject: 'mailto:ops@confab.test',
  // The local push service is plain http on 127.0.0.1.
  allowPrivate: true,
  requireHttps: false,
  ttlSeconds: 60,
  timeoutMs: 5_000,
};

describe.each(databaseTargets)('Web Push on $engine', (target) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(target, { push: pushConfig });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const endpoints: Awaited<ReturnType<typeof startPushEndpoint>>[] = [];
  afterEach(async () => {
    await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
  });
  async function device() {
    const endpoint = await startPushEndpoint();
    endpoints.push(endpoint);
    return endpoint;
  }
  const subscribe = (person: Person, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: pushApiPaths.subscriptions,
      headers: { cookie: person.cookie },
      payload: body as object,
    });

  it('gives the VAPID public key to signed-in users only', async () => {
    const { alice } = await friends(t.app);
    const reply = await t.app.inject({ url: pushApiPaths.key, headers: { cookie: alice.cookie } });
    expect(reply.statusCode).toBe(200);
    expect(Buffer.from(reply.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(
      65,
    );
    expect((await t.app.inject({ url: pushApiPaths.key })).statusCode).toBe(401);
  });

  it('pushes a new message, encrypted for the device and signed with the site’s key, while no tab is open', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const phone = await device();
    expect((await subscribe(alice, phone.subscription)).statusCode).toBe(201);

    await bob.api.say(chatId, 'Dinner at eight?\nBring the   wine.');
    const push = await phone.next();
    expect(push.payload).toEqual({
      kind: 'message',
      chatId,
      sender: bob.user.username,
      contentType: 'text',
      excerpt: 'Dinner at eight? Bring the wine.',
    });
    const key = (
      await t.app.inject({ url: pushApiPaths.key, headers: { cookie: alice.cookie } })
    ).json<{ publicKey: string }>().publicKey;
    expect(push.publicKey).toBe(key);
    expect(push.claims.aud).toBe(new URL(phone.subscription.endpoint).origin);
    expect(push.claims.sub).toBe(pushConfig.subject);
    expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('60');
  });

  it('cuts a long message to an excerpt, and pushes a friend request', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const phone = await device();
    await subscribe(alice, phone.subscription);
    await bob.api.say(chatId, 'x'.repeat(2000));
    const push = await phone.next();
    expect((push.payload as { excerpt: string }).excerpt).toBe(`${'x'.repeat(119)}…`);

    const { alice: carol } = await friends(t.app);
    const carolsPhone = await device();
    await subscribe(carol, carolsPhone.subscription);
    const { bob: dave } = await friends(t.app);
    await dave.contacts.send(carol.user.username);
    expect((await carolsPhone.next()).payload).toMatchObject({
      kind: 'request',
      sender: dave.user.username,
    });
  });

  it('pushes nothing while a tab is connected, and nothing for a muted chat', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const phone = await device();
    await subscribe(alice, phone.subscription);

    const tab = await connect(url, { cookie: alice.cookie });
    await bob.api.say(chatId, 'seen in the open tab');
    await tab.next('new_message');
    tab.close();

    const mute = await alice.api.call('POST', `/chat-social-msg/chats/${chatId}/mute`, {
      value: true,
    });
    expect(mute.statusCode).toBe(200);
    await bob.api.say(chatId, 'muted');
    // A message after both, unmuted, is the first push the device gets.
    await alice.api.call('POST', `/chat-social-msg/chats/${chatId}/mute`, { value: false });
    await bob.api.say(chatId, 'the first push');
    expect(((await phone.next()).payload as { excerpt: string }).excerpt).toBe('the first push');
    expect(phone.received).toHaveLength(1);
  });

  it('forgets every device of a user who signs out everywhere (a lost phone gets no more messages)', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const lostPhone = await device();
    await subscribe(alice, lostPhone.subscription);
    const bobsPhone = await device();
    await subscribe(bob, bobsPhone.subscription);

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/sessions',
      headers: { cookie: alice.cookie },
    });
    expect(out.statusCode).toBe(200);
    await bob.api.say(chatId, 'after alice signed out everywhere');
    // Alice's message to bob comes after bob's: once bob's phone has it, alice's would have come.
    const again = sessionCookieFrom(
      await t.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username: alice.user.username, password: alice.password },
      }),
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/chat-social-msg/${chatId}/messages`,
      headers: { cookie: again },
      payload: { content: 'back', type: 'text', clientId: randomUUID() },
    });
    expect(((await bobsPhone.next()).payload as { excerpt: string }).excerpt).toBe('back');
    expect(lostPhone.received).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const phone = await device();
    await subscribe(alice, phone.subscription);
    phone.state.status = 410;
    await bob.api.say(chatId, 'to a device that unsubscribed');
    await phone.next();
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'DELETE',
              url: pushApiPaths.subscriptions,
              headers: { cookie: alice.cookie },
              payload: { endpoint: phone.subscription.endpoint },
            })
          ).statusCode,
      )
      .toBe(404);
  });

  it('keeps the key pair across restarts, its private half sealed in the database', async () => {
    const stored = await t.app.database.db
      .selectFrom('push_keys')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.private_key).toMatch(/^enc:v1:/);
    // The same data folder and database: a restart of the site.
    const again = await startTestApp(
      { engine: 'sqlite' },
      { push: pushConfig, databaseUrl: t.config.databaseUrl },
      { dataDir: t.config.dataDir },
    );
    try {
      expect(again.app.services.push.publicKey()).toBe(t.app.services.push.publicKey());
    } finally {
      await again.app.close();
    }
  });

  it('keeps at most the limit of devices per user, the newest', async () => {
    const { alice } = await friends(t.app);
    const endpoint = (n: number) => `https://127.0.0.1/push/device-${n}`;
    const { keys } = (await device()).subscription;
    for (let n = 0; n <= pushLimits.subscriptionsPerUser; n++) {
      expect((await subscribe(alice, { endpoint: endpoint(n), keys })).statusCode).toBe(201);
    }
    const held = await t.app.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(held).toHaveLength(pushLimits.subscriptionsPerUser);
    expect(held.map((row) => row.endpoint)).not.toContain(endpoint(0));
  });

  it('refuses bad subscriptions with a readable 400, storing nothing', async () => {
    const { alice } = await friends(t.app);
    const { keys, endpoint } = (await device()).subscription;
    for (const [body, message] of [
      [{ endpoint: 'not a url', keys }, /URL/],
      [{ endpoint: 'ftp://push.example/x', keys }, /URL/],
      [{ endpoint, keys: { ...keys, p256dh: 'short' } }, /p256dh/],
      [{ endpoint, keys: { ...keys, auth: '!!!' } }, /auth/],
      [{ endpoint, keys, extra: 1 }, /./],
      [{ endpoint: `https://x.example/${'a'.repeat(pushLimits.endpointMaxChars)}`, keys }, /2048/],
    ] as const) {
      const reply = await subscribe(alice, body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
    expect(
      await t.app.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', alice.user.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('Web Push endpoints as a production server checks them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, {
      push: { ...pushConfig, allowPrivate: false, requireHttps: true },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses plain http, loopback, private and link-local targets', async () => {
    const { alice } = await friends(t.app);
    const { keys } = (await startPushEndpoint()).subscription;
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      // IPv6 forms that carry a private IPv4 address: NAT64 and 6to4.
      'https://[64:ff9b::a00:1]/x',
      'https://[64:ff9b:1::a00:1]/x',
      'https://[2002:a00:1::]/x',
      'https://198.51.100.7/x',
    ]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: pushApiPaths.subscriptions,
        headers: { cookie: alice.cookie },
        payload: { endpoint, keys },
      });
      expect(reply.statusCode, endpoint).toBe(400);
      expect(reply.json<{ message: string }>().message, endpoint).toMatch(/https|public/);
    }
  });
});
