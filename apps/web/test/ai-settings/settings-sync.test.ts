// The sync keeps its state with the settings in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import {
  aiHistoryDeviceOnlyMessage,
  aiHistoryRoutes,
  type AiSettingsSync,
  type AiSettingsSyncBody,
} from '@confab/protocol/ai-history';
import { defaultSettings, type StoredSettings } from '@confab/protocol/ai-settings';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WrongPassphraseError } from '@/features/ai-settings/lib/key-sealing';
import {
  syncOnce,
  turnOffKeySync,
  turnOnKeySync,
  unlockSyncedKeys,
} from '@/features/ai-settings/lib/settings-sync/settings-sync';
import { useSettingsSyncStore } from '@/features/ai-settings/stores/settings-sync-store';
import { getSettings, saveSettings } from '@/lib/stored-settings/settings-store';
import { openPageAs } from '../helpers/account-storage';
import { fakeServer, json, type FakeRequest } from '../helpers/fake-server';

const route = aiHistoryRoutes.providerSettings;

/** The server's copy of the account's settings, shared by every "device" of a test. */
function settingsServer() {
  const stored: AiSettingsSync = { settings: null, sealedKeys: null, updatedAt: null };
  /** `writesRefused`: the account turned device-only between a device's read and its write. */
  const state = { deviceOnly: false, writesRefused: false };
  const refuse = () =>
    json({ statusCode: 409, code: 'CONFLICT', message: aiHistoryDeviceOnlyMessage }, 409);
  const server = fakeServer({
    routes: {
      [`GET ${route}`]: () =>
        state.deviceOnly ? refuse() : json({ statusCode: 200, data: stored }),
      [`PUT ${route}`]: (request: FakeRequest) => {
        if (state.deviceOnly || state.writesRefused) return refuse();
        const body = request.body as AiSettingsSyncBody;
        stored.settings = body.settings;
        if (body.sealedKeys !== undefined) stored.sealedKeys = body.sealedKeys;
        stored.updatedAt = (stored.updatedAt ?? 0) + 1;
        return json({ statusCode: 200, data: stored });
      },
    },
  });
  return { ...server, stored, state, puts: () => server.calls(`PUT ${route}`) };
}

/** Another device of the same account: its own IndexedDB, a fresh page. */
async function newDevice() {
  vi.stubGlobal('indexedDB', new IDBFactory());
  await openPageAs('u-1');
}

function withProvider(
  settings: StoredSettings,
  patch: Partial<StoredSettings['api']['providers']['OpenAI']>,
): StoredSettings {
  const next = structuredClone(settings);
  next.api.activeProvider = 'OpenAI';
  next.api.providers.OpenAI = { ...next.api.providers.OpenAI, ...patch };
  return next;
}

const openAi = () => getSettings().api.providers.OpenAI;

beforeEach(async () => {
  useSettingsSyncStore.setState({ mode: null, serverHasKeys: false, keySync: false });
  await newDevice();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('syncing the settings without keys', () => {
  it("sends this device's settings without its key, and another device takes them and keeps its own key", async () => {
    const server = settingsServer();
    await saveSettings(
      withProvider(defaultSettings(), { key: 'sk-laptop', model: 'gpt-4o', base: 'https://a/v1' }),
    );
    await syncOnce();
    expect(server.puts()).toHaveLength(1);
    expect(JSON.stringify(server.puts()[0]!.body)).not.toContain('sk-laptop');
    expect(server.stored.settings?.api.providers.OpenAI).toMatchObject({ model: 'gpt-4o' });

    await newDevice();
    await saveSettings(withProvider(defaultSettings(), { key: 'sk-phone' }));
    await syncOnce();
    // The phone had never synced: the server's copy wins, the phone's key stays.
    expect(openAi()).toMatchObject({ model: 'gpt-4o', base: 'https://a/v1', key: 'sk-phone' });
    expect(server.puts()).toHaveLength(1);

    // A change on the phone goes up (the last write wins), without the phone's key.
    await saveSettings(withProvider(getSettings(), { model: 'o3-mini' }));
    await syncOnce();
    expect(server.puts()).toHaveLength(2);
    expect(JSON.stringify(server.puts()[1]!.body)).not.toContain('sk-phone');
    expect(server.stored.settings?.api.providers.OpenAI?.model).toBe('o3-mini');
  });

  it("sends the account's presets; another device takes them, and a deletion there comes back", async () => {
    const server = settingsServer();
    const preset = {
      id: 'p-1',
      name: 'Reviewer',
      systemMessage: 'Review strictly.',
      model: '',
      temperature: 0.2,
      maxTokens: null,
      maxCtxMessages: 4,
      createdAt: 1,
      updatedAt: 1,
    };
    await saveSettings({ ...defaultSettings(), presets: [preset] });
    await syncOnce();
    expect(server.stored.settings?.presets).toEqual([preset]);

    await newDevice();
    await syncOnce();
    expect(getSettings().presets).toEqual([preset]);

    await saveSettings({ ...getSettings(), presets: [] });
    await syncOnce();
    expect(server.puts()).toHaveLength(2);
    expect(server.stored.settings?.presets).toBeUndefined();
  });

  it('sends nothing when the account keeps its AI chats on this device only', async () => {
    const server = settingsServer();
    server.state.deviceOnly = true;
    await saveSettings(withProvider(defaultSettings(), { model: 'gpt-4o' }));
    await syncOnce();
    expect(server.puts()).toHaveLength(0);
    expect(useSettingsSyncStore.getState().mode).toBe('device');
    expect(openAi().model).toBe('gpt-4o');
  });

  it('stops, keeping the settings, when the account turned device-only between its read and its write', async () => {
    const server = settingsServer();
    server.state.writesRefused = true;
    await saveSettings(withProvider(defaultSettings(), { model: 'gpt-4o' }));
    await syncOnce();
    expect(server.puts()).toHaveLength(1);
    expect(useSettingsSyncStore.getState().mode).toBe('device');
    expect(openAi().model).toBe('gpt-4o');
  });
});

describe('syncing keys sealed with a passphrase', () => {
  it('sends the keys only sealed; another device gets them with the right passphrase only', async () => {
    const server = settingsServer();
    await saveSettings(
      withProvider(defaultSettings(), { key: 'sk-secret-laptop', model: 'gpt-4o' }),
    );
    await syncOnce();
    await turnOnKeySync('correct horse battery');
    expect(server.stored.sealedKeys).toMatchObject({ version: 1, kdf: 'PBKDF2-SHA256' });
    for (const put of server.puts()) expect(JSON.stringify(put.body)).not.toContain('sk-secret');
    expect(useSettingsSyncStore.getState()).toMatchObject({ keySync: true, serverHasKeys: true });

    await newDevice();
    await syncOnce();
    // Settings arrive, the key does not until the passphrase is typed here.
    expect(openAi()).toMatchObject({ model: 'gpt-4o', key: '' });
    expect(useSettingsSyncStore.getState()).toMatchObject({ keySync: false, serverHasKeys: true });

    await expect(unlockSyncedKeys('wrong horse battery')).rejects.toThrow(WrongPassphraseError);
    expect(openAi().key).toBe('');
    expect(useSettingsSyncStore.getState().keySync).toBe(false);

    await unlockSyncedKeys('correct horse battery');
    expect(openAi().key).toBe('sk-secret-laptop');
    expect(useSettingsSyncStore.getState().keySync).toBe(true);

    // Key sync is on here now: a key changed here goes up sealed.
    await saveSettings(withProvider(getSettings(), { key: 'sk-secret-rotated' }));
    const before = server.stored.sealedKeys;
    await syncOnce();
    expect(server.stored.sealedKeys).not.toEqual(before);
    expect(JSON.stringify(server.puts().at(-1)!.body)).not.toContain('sk-secret');
  });

  it('a device with key sync on takes a key changed on another one', async () => {
    const server = settingsServer();
    await saveSettings(withProvider(defaultSettings(), { key: 'sk-one' }));
    await turnOnKeySync('correct horse battery');
    const laptopDb = indexedDB;

    await newDevice();
    await syncOnce();
    await unlockSyncedKeys('correct horse battery');
    await saveSettings(withProvider(getSettings(), { key: 'sk-two' }));
    await syncOnce();

    // Back to the laptop (its IndexedDB kept the derived key, never the passphrase).
    vi.stubGlobal('indexedDB', laptopDb);
    await openPageAs('u-1');
    await syncOnce();
    expect(openAi().key).toBe('sk-two');
    expect(server.puts().length).toBeGreaterThan(0);
  });

  it('turning key sync off deletes the ciphertext; the other devices stop syncing keys and keep theirs', async () => {
    const server = settingsServer();
    await saveSettings(withProvider(defaultSettings(), { key: 'sk-one' }));
    await turnOnKeySync('correct horse battery');
    const laptopDb = indexedDB;

    await newDevice();
    await syncOnce();
    await unlockSyncedKeys('correct horse battery');
    await turnOffKeySync();
    expect(server.stored.sealedKeys).toBeNull();
    expect(openAi().key).toBe('sk-one');

    vi.stubGlobal('indexedDB', laptopDb);
    await openPageAs('u-1');
    await syncOnce();
    expect(useSettingsSyncStore.getState()).toMatchObject({ keySync: false, serverHasKeys: false });
    expect(openAi().key).toBe('sk-one');
    // A later change of the laptop's key stays on the laptop.
    await saveSettings(withProvider(getSettings(), { key: 'sk-laptop-only' }));
    await syncOnce();
    expect(server.stored.sealedKeys).toBeNull();
    for (const put of server.puts()) expect(JSON.stringify(put.body)).not.toContain('sk-');
  });
});
