import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFailureTexts, type Contact } from '@confab/protocol/contacts';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactFrom, contactsAs, contactsTables } from '../helpers/contacts';

type Api = ReturnType<typeof contactsAs>;

describe.each(databaseTargets)('contacts bad input on $engine', (target) => {
  let t: TestApp;
  let alice: Api;
  let bob: Api;
  let carol: Api;
  let aliceToBob: Contact;
  let carolToBob: Contact;
  let bobName: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    alice = contactsAs(t.app, a.cookie);
    bob = contactsAs(t.app, b.cookie);
    carol = contactsAs(t.app, c.cookie);
    bobName = b.user.username;
    aliceToBob = await alice.send(bobName);
    carolToBob = await carol.send(bobName);
    contactFrom(await bob.action('accept', carolToBob.id));
  });
  afterAll(() => t.close());

  /** A refused call: a clear 4xx in the error envelope, and the database exactly as before. */
  async function expectRefused(
    call: () => Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
    prefix: string,
    detail: RegExp,
  ) {
    const before = await contactsTables(t.app);
    const response = await call();
    expect(response.statusCode).toBe(status);
    const body = response.json() as { statusCode: number; code: string; message: string };
    expect(body.statusCode).toBe(status);
    expect(body.code).toEqual(expect.any(String));
    expect(body.message.startsWith(`${prefix}：`)).toBe(true);
    expect(body.message).toMatch(detail);
    expect(await contactsTables(t.app)).toEqual(before);
  }

  describe('add', () => {
    const add = contactFailureTexts.add;
    it.each([
      ['an empty name', '', /receiverName: Enter a username or e-mail address/],
      ['a whitespace-only name', '   \t ', /receiverName: Enter a username or e-mail address/],
      ['a 10,000-character name', 'x'.repeat(10_000), /at most 254 characters/],
      ['a number', 42, /receiverName: Enter a username or e-mail address/],
      ['null', null, /receiverName: Enter a username or e-mail address/],
      ['an array', [bobName], /receiverName: Enter a username or e-mail address/],
      ['an object', { name: bobName }, /receiverName: Enter a username or e-mail address/],
    ])('refuses %s with 400', async (_label, receiverName, detail) => {
      await expectRefused(() => alice.add(receiverName), 400, add, detail);
    });

    it('refuses a missing field, an unknown extra field and a non-object body', async () => {
      await expectRefused(
        () => alice.post('/api/chat-social-msg/contacts/add', {}),
        400,
        add,
        /receiverName/,
      );
      await expectRefused(
        () =>
          alice.post('/api/chat-social-msg/contacts/add', { receiverName: bobName, admin: true }),
        400,
        add,
        /admin|Unrecognized key/i,
      );
      await expectRefused(
        () => alice.post('/api/chat-social-msg/contacts/add', [bobName]),
        400,
        add,
        /object/i,
      );
    });

    it('refuses a body that is not JSON', async () => {
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/chat-social-msg/contacts/add',
            headers: { cookie: alice.cookie, 'content-type': 'application/json' },
            payload: '{"receiverName":',
          }),
        400,
        add,
        /The request body is not valid JSON/,
      );
    });
  });

  describe.each(['accept', 'reject', 'remove', 'block', 'unblock', 'chat'] as const)(
    '%s',
    (action) => {
      const prefix = contactFailureTexts[action];
      it.each([
        ['an empty id', '', /contact: Give the id of a friend request/],
        ['a whitespace id', '  ', /contact: Give the id of a friend request/],
        [
          'a 10,000-character id',
          'x'.repeat(10_000),
          /contact: Too long to be the id of a friend request/,
        ],
        ['a number', 7, /contact: Give the id of a friend request/],
        ['null', null, /contact: Give the id of a friend request/],
      ])('refuses %s with 400', async (_label, contact, detail) => {
        await expectRefused(() => bob.action(action, contact), 400, prefix, detail);
      });

      it('refuses an unknown id with 404', async () => {
        await expectRefused(
          () => bob.action(action, '00000000-0000-4000-8000-000000000000'),
          404,
          prefix,
          /No such friend request/,
        );
      });

      it('refuses the id of somebody else’s request with 404', async () => {
        await expectRefused(
          () => alice.action(action, carolToBob.id),
          404,
          prefix,
          /No such friend request/,
        );
      });
    },
  );

  it('refuses a replayed accept with 409', async () => {
    await expectRefused(
      () => bob.action('accept', carolToBob.id),
      409,
      contactFailureTexts.accept,
      /no longer pending: it is accepted/,
    );
    // The pending request from alice is still untouched by all of the above.
    expect((await bob.list()).find((c) => c.id === aliceToBob.id)?.status).toBe('pending');
  });
});
