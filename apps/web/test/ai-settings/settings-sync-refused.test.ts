// The sync keeps its state with the settings in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { aiHistoryRoutes, type AiSettingsSync } from '@confab/protocol/ai-history';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSettingsSync } from '@/features/ai-settings/lib/settings-sync/settings-sync';
import { useSettingsSyncStore } from '@/features/ai-settings/stores/settings-sync-store';
import { getSettings, saveSettings } from '@/lib/stored-settings/settings-store';
import { openPageAs } from '../helpers/account-storage';
import { fakeServer, json } from '../helpers/fake-server';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const route = aiHistoryRoutes.providerSettings;
const refusal = 'settings.presets.0.name: Give the preset a name';

/** A server whose copy is empty and that refuses every write as a bad body, or answers 503. */
function refusingServer(status: 400 | 503) {
  const stored: AiSettingsSync = { settings: null, sealedKeys: null, updatedAt: null };
  const server = fakeServer({
    routes: {
      [`GET ${route}`]: () => json({ statusCode: 200, data: stored }),
      [`PUT ${route}`]: () =>
        json(
          status === 400
            ? { statusCode: 400, code: 'VALIDATION_FAILED', message: refusal }
            : { statusCode: 503, code: 'UNAVAILABLE', message: 'Try again soon' },
          status,
        ),
    },
  });
  return { puts: () => server.calls(`PUT ${route}`) };
}

let stop: (() => void) | undefined;

beforeEach(async () => {
  useSettingsSyncStore.setState({
    mode: null,
    serverHasKeys: false,
    keySync: false,
    refused: null,
  });
  vi.stubGlobal('indexedDB', new IDBFactory());
  await openPageAs('u-1');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the sync's awaits (IndexedDB, fetch) run, with the clock standing still. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a write the server refuses', () => {
  it('is not sent again and again: the refusal is shown, and the next change tries once more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = refusingServer(400);
    await saveSettings(defaultSettings());
    stop = startSettingsSync();
    await vi.waitFor(() => expect(server.puts()).toHaveLength(1));
    await vi.waitFor(() => expect(useSettingsSyncStore.getState().refused).toBe(refusal));

    // Ten minutes pass: the same body would be refused again, so nothing is sent.
    for (let minute = 0; minute < 10; minute += 1) {
      await vi.advanceTimersByTimeAsync(60_000);
      await settle();
    }
    expect(server.puts()).toHaveLength(1);

    // The user changes something: that is sent (and refused again).
    await saveSettings({ ...getSettings(), modelMapping: { 'gpt-4o': 'gpt-4o-2024' } });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(server.puts()).toHaveLength(2));
  });

  it('an unavailable server is still tried again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = refusingServer(503);
    await saveSettings(defaultSettings());
    stop = startSettingsSync();
    await vi.waitFor(() => expect(server.puts()).toHaveLength(1));
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(server.puts()).toHaveLength(2));
    expect(useSettingsSyncStore.getState().refused).toBeNull();
  });
});
