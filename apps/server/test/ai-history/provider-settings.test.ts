import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiHistoryDeviceOnlyMessage } from '@confab/protocol/ai-history';
import { aiHistoryAs, sealedKeys, settingsSyncAs, syncedSettings } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { databaseSnapshot } from '../helpers/fuzz-routes';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// What a device sends of its provider settings, what another device of the account reads back,
// and what the server keeps: never an API key in plaintext.
describe.each(databaseTargets)('synced provider settings on $engine', (target) => {
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

  async function account() {
    const { cookie, user } = await signUp(t.app);
    return { cookie, userId: user.id, sync: settingsSyncAs(t.app, cookie) };
  }

  const storedRow = (userId: string) =>
    t.app.database.db
      .selectFrom('ai_provider_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();

  it('gives back what a device wrote, keeps the sealed keys when a write leaves them out, deletes them on null', async () => {
    const { sync } = await account();
    expect(await sync.read()).toEqual({ settings: null, sealedKeys: null, updatedAt: null });

    const settings = syncedSettings('llama3');
    const sealed = sealedKeys();
    const written = await sync.write({ settings, sealedKeys: sealed });
    expect(written).toEqual({ settings, sealedKeys: sealed, updatedAt: expect.any(Number) });
    expect(await sync.read()).toEqual(written);

    // Another device that does not sync keys: its settings replace the server's, the keys stay.
    const other = syncedSettings('mistral');
    expect(await sync.write({ settings: other })).toMatchObject({
      settings: other,
      sealedKeys: sealed,
    });
    // Key sync turned off: the ciphertext is gone.
    expect(await sync.write({ settings: other, sealedKeys: null })).toMatchObject({
      settings: other,
      sealedKeys: null,
    });
    expect((await sync.read()).sealedKeys).toBeNull();
  });

  it('refuses settings that carry an API key (400) and stores nothing', async () => {
    const { sync, userId } = await account();
    const settings = syncedSettings();
    const withKey = structuredClone(settings) as unknown as {
      api: { providers: Record<string, Record<string, string>> };
    };
    withKey.api.providers.OpenAI!.key = 'sk-plaintext-secret';
    const withSecret = structuredClone(withKey);
    delete withSecret.api.providers.OpenAI!.key;
    withSecret.api.providers.OpenAI!.secret = 'plaintext-secret';

    for (const body of [{ settings: withKey }, { settings: withSecret }]) {
      const reply = await sync.call('PUT', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.body).not.toContain('sk-plaintext-secret');
    }
    expect(await storedRow(userId)).toBeUndefined();
    expect(await sync.read()).toEqual({ settings: null, sealedKeys: null, updatedAt: null });
  });

  it('keeps the ciphertext exactly as sent, and no key in the settings it stores', async () => {
    const { sync, userId } = await account();
    const sealed = sealedKeys('q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQ');
    await sync.write({ settings: syncedSettings(), sealedKeys: sealed });
    const row = await storedRow(userId);
    expect(JSON.parse(row!.sealed_keys!)).toEqual(sealed);
    expect(row!.settings).not.toMatch(/"key"|"secret"/);
  });

  it("keeps each account's settings apart", async () => {
    const alice = await account();
    const bob = await account();
    await alice.sync.write({ settings: syncedSettings('alice-model'), sealedKeys: sealedKeys() });
    expect(await bob.sync.read()).toEqual({ settings: null, sealedKeys: null, updatedAt: null });
    await bob.sync.write({ settings: syncedSettings('bob-model'), sealedKeys: null });
    expect(await alice.sync.read()).toMatchObject({
      settings: syncedSettings('alice-model'),
      sealedKeys: sealedKeys(),
    });
  });

  it('holds nothing while the account keeps its AI chats on its devices only (409), and deletes what it had', async () => {
    const { sync, cookie, userId } = await account();
    await sync.write({ settings: syncedSettings(), sealedKeys: sealedKeys() });
    await aiHistoryAs(t.app, cookie).setMode('device');
    expect(await storedRow(userId)).toBeUndefined();

    for (const reply of [
      await sync.call('GET'),
      await sync.call('PUT', { settings: syncedSettings(), sealedKeys: sealedKeys() }),
    ]) {
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ message: aiHistoryDeviceOnlyMessage });
    }
    expect(await storedRow(userId)).toBeUndefined();

    // Synced again: the server starts empty, and takes the devices' settings.
    await aiHistoryAs(t.app, cookie).setMode('synced');
    expect(await sync.read()).toEqual({ settings: null, sealedKeys: null, updatedAt: null });
    await sync.write({ settings: syncedSettings() });
    expect((await sync.read()).settings).toEqual(syncedSettings());
  });

  it('answers a bad body with 400 and stores nothing', async () => {
    const { sync } = await account();
    const settings = syncedSettings();
    const sealed = sealedKeys();
    const bad: unknown[] = [
      {},
      { sealedKeys: sealed },
      { settings, extra: 1 },
      { settings: { ...settings, apiKey: 'sk-x' } },
      { settings, sealedKeys: { ...sealed, iterations: 1000 } },
      { settings, sealedKeys: { ...sealed, version: 2 } },
      { settings, sealedKeys: { ...sealed, kdf: 'MD5' } },
      { settings, sealedKeys: { ...sealed, ciphertext: 'not base64!' } },
      { settings, sealedKeys: { ...sealed, ciphertext: 'A'.repeat(70_000) } },
      { settings, sealedKeys: { ...sealed, passphrase: 'hunter22' } },
      { settings, sealedKeys: 'c2VhbGVk' },
    ];
    const before = await databaseSnapshot(t.app);
    for (const body of bad) {
      const reply = await sync.call('PUT', body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });

  it("tells the account's other tabs after a write that changed something, and nobody else", async () => {
    const alice = await account();
    const bob = await account();
    const aliceTab = await connect(url, { cookie: alice.cookie });
    const bobTab = await connect(url, { cookie: bob.cookie });
    open.push(aliceTab, bobTab);

    const first = await alice.sync.write({ settings: syncedSettings() });
    expect(await aliceTab.next('aiSettingsChanged')).toEqual({ updatedAt: first.updatedAt });
    // The same write again changes nothing and tells nobody; the next event is the new model's.
    await alice.sync.write({ settings: syncedSettings() });
    const second = await alice.sync.write({ settings: syncedSettings('other') });
    expect(await aliceTab.next('aiSettingsChanged')).toEqual({ updatedAt: second.updatedAt });
    expect(aliceTab.received.map((r) => r.event)).toEqual([
      'aiSettingsChanged',
      'aiSettingsChanged',
    ]);

    await bob.sync.write({ settings: syncedSettings() });
    await bobTab.next('aiSettingsChanged');
    expect(bobTab.received.map((r) => r.event)).toEqual(['aiSettingsChanged']);
  });
});
