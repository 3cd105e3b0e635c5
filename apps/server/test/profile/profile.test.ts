import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@confab/protocol/limits';
import { profilePaths, type Profile } from '@confab/protocol/profile';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactFrom, contactsAs } from '../helpers/contacts';
import { friendsWithChat } from '../helpers/social';
import { jpegLike, solidPng } from '../helpers/images';

describe.each(databaseTargets)('display names and avatars on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const setName = (cookie: string, displayName: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: profilePaths.profile,
      headers: { cookie },
      payload: { displayName },
    });
  const upload = (cookie: string, bytes: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: profilePaths.avatar,
      headers: { cookie, 'content-type': type },
      payload: bytes,
    });
  const avatarOf = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('keeps a display name in any script, without controls or bidi overrides', async () => {
    const alice = await signUp(t.app);
    for (const [typed, stored] of [
      ['  王小明  ', '王小明'],
      ['محمد علي', 'محمد علي'],
      ['Zoë 👩‍💻', 'Zoë 👩‍💻'],
      ['evil\u202Egnp.exe', 'evilgnp.exe'],
      ['tab\tand\nnewline\u0007', 'tab and newline'],
    ]) {
      const response = await setName(alice.cookie, typed);
      expect(response.statusCode).toBe(200);
      expect(response.json<Profile>()).toMatchObject({
        userId: alice.user.id,
        username: alice.user.username,
        displayName: stored,
      });
    }
    const read = await t.app.inject({
      method: 'GET',
      url: profilePaths.profile,
      headers: { cookie: alice.cookie },
    });
    expect(read.json<Profile>().displayName).toBe('tab and newline');
    expect((await setName(alice.cookie, null)).json<Profile>().displayName).toBeNull();
  });

  it('refuses a name that is empty once cleaned, or too long, with a clear 400', async () => {
    const alice = await signUp(t.app);
    for (const bad of ['   ', '\u202E\u2066\u200F', 'x'.repeat(limits.displayNameMax + 1), 42]) {
      const response = await setName(alice.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/display name/i);
    }
  });

  it('shows the name and avatar to the friend in their chat list and contacts', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    await setName(alice.cookie, '爱丽丝');
    const uploaded = await upload(alice.cookie, solidPng());
    expect(uploaded.statusCode).toBe(200);
    const avatarUrl = uploaded.json<Profile>().avatarUrl!;
    expect(avatarUrl).toMatch(new RegExp(`/users/${alice.user.id}/avatar\\?v=\\d+$`));
    const chats = await t.app.inject({
      method: 'GET',
      url: '/api/chat-social-msg/chats',
      headers: { cookie: bob.cookie },
    });
    const chat = chats
      .json<{ data: { chats: { _id: string }[] } }>()
      .data.chats.find((c) => c._id === chatId);
    expect(chat).toMatchObject({
      name: alice.user.username,
      displayName: '爱丽丝',
      avatar: avatarUrl,
    });
    const contacts = await contactsAs(t.app, bob.cookie).list();
    expect(contacts[0]).toMatchObject({ otherDisplayName: '爱丽丝', otherAvatar: avatarUrl });
  });

  it('serves an avatar to its owner, friends and pending requesters, with safe headers; 404 to strangers', async () => {
    const { alice, bob } = await friendsWithChat(t.app);
    const carol = await signUp(t.app);
    const stranger = await signUp(t.app);
    await contactsAs(t.app, carol.cookie).send(alice.user.username);
    const avatarUrl = (await upload(alice.cookie, solidPng())).json<Profile>().avatarUrl!;
    for (const viewer of [alice, bob, carol]) {
      const response = await avatarOf(viewer.cookie, avatarUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(response.rawPayload.equals(solidPng())).toBe(true);
    }
    expect((await avatarOf(stranger.cookie, avatarUrl)).statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(signedOut.statusCode).toBe(401);
  });

  it('hides the avatar from a blocked contact', async () => {
    const { alice, bob, contactId } = await friendsWithChat(t.app);
    const avatarUrl = (await upload(alice.cookie, solidPng())).json<Profile>().avatarUrl!;
    contactFrom(await contactsAs(t.app, alice.cookie).action('block', contactId));
    expect((await avatarOf(bob.cookie, avatarUrl)).statusCode).toBe(404);
  });

  it('refuses what is not a plain image, a polyglot, or too large, with a clear 4xx and nothing stored', async () => {
    const alice = await signUp(t.app);
    const png = solidPng();
    const refusals: [Buffer, string, number][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 415],
      [Buffer.from('GIF89a....'), 'image/png', 415],
      [Buffer.concat([png, Buffer.from('PK\x03\x04zip after the image')]), 'image/png', 415],
      [
        Buffer.concat([png.subarray(0, 40), Buffer.from('<script>'), png.subarray(40)]),
        'image/png',
        415,
      ],
      [Buffer.alloc(limits.avatarMaxBytes + 1, 1), 'image/png', 413],
      [Buffer.from('{"a":1}'), 'application/json', 415],
    ];
    for (const [bytes, type, status] of refusals) {
      const response = await upload(alice.cookie, bytes, type);
      expect(response.statusCode, bytes.subarray(0, 20).toString()).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: profilePaths.profile,
      headers: { cookie: alice.cookie },
    });
    expect(profile.json<Profile>().avatarUrl).toBeNull();
    // A JPEG declared as PNG is stored as what it is.
    const jpeg = await upload(alice.cookie, jpegLike(), 'image/png');
    expect(jpeg.statusCode).toBe(200);
    const served = await avatarOf(alice.cookie, jpeg.json<Profile>().avatarUrl!);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('removes an avatar: its address answers 404 and the profile has none', async () => {
    const alice = await signUp(t.app);
    const avatarUrl = (await upload(alice.cookie, solidPng())).json<Profile>().avatarUrl!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: profilePaths.avatar,
      headers: { cookie: alice.cookie },
    });
    expect(removed.json<Profile>().avatarUrl).toBeNull();
    expect((await avatarOf(alice.cookie, avatarUrl)).statusCode).toBe(404);
  });
});
