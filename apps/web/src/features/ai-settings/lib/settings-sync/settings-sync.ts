/**
 * Keeps this device's provider settings and the server's copy in step
 * (docs/product.md#settings-and-key-sync). It runs when it starts, after a change of the
 * settings (debounced), when the server says they changed (`aiSettingsChanged`), when the AI
 * history's mode may have changed (`aiHistoryChanged`), on every (re)connection and when the
 * browser comes back online. One run (or key sync action) at a time.
 *
 * A run reads the server's copy. If this device changed its settings since it last agreed with
 * the server, it sends them (without keys; with freshly sealed keys while key sync is on here):
 * the last write to reach the server wins. Otherwise it takes the server's settings, keeping
 * its own keys, and, while key sync is on here, the keys it opens from the sealed ones.
 */
import type { AiSettingsSync } from '@confab/protocol/ai-history';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { isApiError } from '@/lib/api-error';
import { getSocket } from '@/lib/realtime/socket-client';
import {
  getSettings,
  loadSettings,
  saveSettings,
  subscribeSettings,
} from '@/lib/stored-settings/settings-store';
import { useSettingsSyncStore } from '../../stores/settings-sync-store';
import { deriveSealingKey, openKeys, openWithPassphrase, sealKeys } from '../key-sealing';
import { readSyncedSettings, writeSyncedSettings } from './settings-api';
import { applySynced, keysOf, syncFingerprint, withKeys, withoutKeys } from './settings-merge';
import { readSyncState, writeSyncState, type SyncState } from './sync-state';

/** Edits close together (typing a model name) leave in one write. */
const writeDelayMs = 500;
const retryDelaysMs = [2_000, 10_000, 30_000, 60_000];

const set = useSettingsSyncStore.setState;

let queue: Promise<unknown> = Promise.resolve();
/** Runs `work` after whatever sync work is under way: runs and key actions never overlap. */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * A refusal that the same body would meet again (a bad or too large body): sending it on a
 * timer would only repeat it. 401 (signed out), 408 and 429 (try later) are not among them.
 */
const refusesTheBody = (error: unknown) =>
  isApiError(error) &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  ![401, 408, 429].includes(error.statusCode);

const sameSettings = (a: StoredSettings, b: StoredSettings) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Sends this device's settings (and keys, sealed, while key sync is on here). */
async function send(local: StoredSettings, state: SyncState): Promise<AiSettingsSync> {
  const reply = await writeSyncedSettings({
    settings: withoutKeys(local),
    ...(state.sealing && { sealedKeys: await sealKeys(state.sealing, keysOf(local)) }),
  });
  await writeSyncState({ ...state, synced: syncFingerprint(local, Boolean(state.sealing)) });
  return reply;
}

/**
 * One exchange with the server. A 409 (the account keeps its AI chats, and so its settings, on
 * its devices only; it may have switched between the read and the write) leaves everything
 * here as it is, and is not retried: `aiHistoryChanged` brings the next run.
 */
export async function syncOnce(): Promise<void> {
  try {
    await exchange();
  } catch (error) {
    if (isApiError(error) && error.statusCode === 409) {
      set({ mode: 'device', serverHasKeys: false });
      return;
    }
    throw error;
  }
}

async function exchange(): Promise<void> {
  await loadSettings();
  let state = await readSyncState();
  let server = await readSyncedSettings();
  // Key sync was turned off on another device, or turned on again with another passphrase:
  // this device's key no longer fits (the server lost its copy only with the device-only mode,
  // and then sends this device's keys again).
  if (
    state.sealing &&
    server.settings &&
    (!server.sealedKeys || server.sealedKeys.salt !== state.sealing.salt)
  ) {
    state = { ...state, sealing: undefined };
    await writeSyncState(state);
  }
  const local = getSettings();
  const changedHere =
    state.synced !== undefined && syncFingerprint(local, Boolean(state.sealing)) !== state.synced;
  if (server.settings === null || changedHere) {
    server = await send(local, state);
  } else {
    let next = applySynced(local, server.settings);
    if (state.sealing && server.sealedKeys) {
      try {
        next = withKeys(next, await openKeys(state.sealing, server.sealedKeys));
      } catch {
        state = { ...state, sealing: undefined };
      }
    }
    await writeSyncState({ ...state, synced: syncFingerprint(next, Boolean(state.sealing)) });
    if (!sameSettings(next, local)) await saveSettings(next);
  }
  set({
    mode: 'synced',
    serverHasKeys: Boolean(server.sealedKeys),
    keySync: Boolean(state.sealing),
  });
}

/**
 * Turns key sync on with a new passphrase: this device's keys go to the server sealed (those
 * sealed there before, with another passphrase, are replaced).
 */
export function turnOnKeySync(passphrase: string): Promise<void> {
  return exclusive(async () => {
    await loadSettings();
    const sealing = await deriveSealingKey(passphrase);
    const state = { ...(await readSyncState()), sealing };
    const reply = await send(getSettings(), state);
    await writeSyncState({ ...state, synced: syncFingerprint(getSettings(), true) });
    set({ serverHasKeys: Boolean(reply.sealedKeys), keySync: true });
  });
}

/**
 * Opens the keys another device sealed, with the passphrase typed here: they replace this
 * device's keys, and key sync is on here from now on. A wrong passphrase throws
 * WrongPassphraseError and changes nothing.
 */
export function unlockSyncedKeys(passphrase: string): Promise<void> {
  return exclusive(async () => {
    await loadSettings();
    const server = await readSyncedSettings();
    if (!server.sealedKeys) {
      set({ serverHasKeys: false });
      throw new Error('The server holds no synced API keys');
    }
    const { keys, sealing } = await openWithPassphrase(passphrase, server.sealedKeys);
    const next = withKeys(getSettings(), keys);
    await writeSyncState({
      ...(await readSyncState()),
      sealing,
      synced: syncFingerprint(next, true),
    });
    if (!sameSettings(next, getSettings())) await saveSettings(next);
    set({ serverHasKeys: true, keySync: true });
  });
}

/** Turns key sync off: the server's ciphertext is deleted; this device keeps its keys. */
export function turnOffKeySync(): Promise<void> {
  return exclusive(async () => {
    await loadSettings();
    const state: SyncState = { ...(await readSyncState()), sealing: undefined };
    await writeSyncedSettings({ settings: withoutKeys(getSettings()), sealedKeys: null });
    await writeSyncState({ ...state, synced: syncFingerprint(getSettings(), false) });
    set({ serverHasKeys: false, keySync: false });
  });
}

let stopCurrent: (() => void) | null = null;

/** Starts syncing this page's settings (once per page). */
export function startSettingsSync(): () => void {
  if (stopCurrent) return () => {};
  let stopped = false;
  let failures = 0;
  let pending = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;

  function run(): void {
    // Requests made while a run waits in the queue are served by that run.
    if (pending || stopped) return;
    pending = true;
    clearTimeout(retryTimer);
    void exclusive(async () => {
      pending = false;
      if (stopped) return;
      try {
        await syncOnce();
        failures = 0;
        set({ refused: null });
      } catch (error) {
        if (stopped) return;
        // Signed out elsewhere: the session guard takes the page away.
        if (isApiError(error) && error.statusCode === 401) return;
        // The next change of the settings (or connection) sends them again.
        if (refusesTheBody(error)) {
          failures = 0;
          set({ refused: error instanceof Error ? error.message : String(error) });
          return;
        }
        console.warn('[settings-sync] could not sync the settings', error);
        const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 60_000;
        failures += 1;
        retryTimer = setTimeout(run, delay);
      }
    });
  }

  const soon = () => {
    clearTimeout(writeTimer);
    writeTimer = setTimeout(run, writeDelayMs);
  };
  const socket = getSocket();
  const unsubscribe = subscribeSettings(soon);
  socket.on('aiSettingsChanged', run);
  // The AI history's mode may have changed (it comes after every push too: debounced).
  socket.on('aiHistoryChanged', soon);
  socket.on('connect', run);
  window.addEventListener('online', run);
  run();

  const stop = () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(writeTimer);
    unsubscribe();
    socket.off('aiSettingsChanged', run);
    socket.off('aiHistoryChanged', soon);
    socket.off('connect', run);
    window.removeEventListener('online', run);
    stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}
