/**
 * Stored settings (docs/product.md#browser-storage), shared by the AI chat (providers, mapping) and
 * the MCP tools (tool states). Kept in IndexedDB database `keyval-store`, object store `keyval`,
 * key `settings`, once they are the signed-in account's (`accountStorageReady`,
 * docs/product.md#account-storage); when IndexedDB cannot be opened (some private windows) or
 * the switch to the account failed, they live in memory for this page. Another tab's changes
 * arrive through a BroadcastChannel; anything written while this page was closed is read on
 * the next load.
 */
import { presetLimits } from '@confab/protocol/ai-presets';
import {
  defaultSettings,
  type ProviderSettings,
  type StoredSettings,
} from '@confab/protocol/ai-settings';
import { providerNames, type ProviderName } from '@confab/protocol/providers';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { accountDatabases } from '../account-storage/account-databases';
import { accountStorageOwner, accountStorageReady } from '../account-storage/account-storage';

export const settingsKey = 'settings';
const settingsStore = 'keyval';
const channelName = 'confab:settings';

type Listener = (settings: StoredSettings) => void;

let current: StoredSettings = defaultSettings();
let loaded: Promise<StoredSettings> | null = null;
let persistent = true;
/** Whether the user's settings were ever stored (null until read): a first visit has none. */
let saved: boolean | null = null;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let store: UseStore | null = null;

const openStore = () => (store ??= createStore(accountDatabases.settings, settingsStore));

/**
 * The account's settings store, once the account's stores are ready (null when they are not):
 * what belongs with the settings on this device only (the settings sync's state) lives there too.
 */
export async function accountSettingsStore(): Promise<UseStore | null> {
  return (await accountStorageReady()) ? openStore() : null;
}

function notify(): void {
  for (const listener of listeners) listener(current);
}

/** Fills what an older or partial record lacks, so readers can rely on the full shape. */
export function normalizeSettings(value: unknown): StoredSettings {
  const base = defaultSettings();
  if (!value || typeof value !== 'object') return base;
  const record = value as Partial<StoredSettings>;
  const stored = record.api?.providers ?? ({} as Partial<Record<ProviderName, ProviderSettings>>);
  const providers = Object.fromEntries(
    providerNames.map((name) => [
      name,
      { ...base.api.providers[name], ...(stored[name] ?? {}), provider: name },
    ]),
  ) as Record<ProviderName, ProviderSettings>;
  const active = record.api?.activeProvider;
  // No presets and an empty list are the same settings (docs/product.md#presets): kept only
  // when there are some, so settings from before presets compare equal.
  const presets = Array.isArray(record.presets)
    ? record.presets.slice(0, presetLimits.presetsMax)
    : [];
  return {
    modelMapping: { ...(record.modelMapping ?? {}) },
    toolStates: { ...(record.toolStates ?? {}) },
    api: {
      activeProvider: active && providerNames.includes(active) ? active : base.api.activeProvider,
      providers,
    },
    ...(presets.length && { presets }),
  };
}

function openChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(channelName);
  // Another tab's save, taken only when both tabs serve the same account.
  channel.onmessage = (event: MessageEvent<{ owner: string | undefined; settings: unknown }>) => {
    if (event.data.owner !== accountStorageOwner()) return;
    current = normalizeSettings(event.data.settings);
    saved = true;
    notify();
  };
}

/** Reads the stored settings once per page; later calls get the same answer. */
export function loadSettings(): Promise<StoredSettings> {
  loaded ??= (async () => {
    openChannel();
    try {
      if (!(await accountStorageReady())) throw new Error('The account stores are not ready');
      const stored: unknown = await get(settingsKey, openStore());
      saved = stored !== undefined;
      current = normalizeSettings(stored);
    } catch (error) {
      // No IndexedDB (private mode, blocked storage): settings live in memory for this page.
      persistent = false;
      saved ??= false;
      console.warn('Settings are kept in memory only: IndexedDB is unavailable.', error);
    }
    notify();
    return current;
  })();
  return loaded;
}

export function getSettings(): StoredSettings {
  return current;
}

/** Whether settings of the user's were ever stored; null until they are read. */
export function settingsWereSaved(): boolean | null {
  return saved;
}

/** Whether the settings survive a reload (false when IndexedDB is unavailable). */
export function settingsArePersistent(): boolean {
  return persistent;
}

/** Replaces the settings and stores them; subscribers hear the new value at once. */
export async function saveSettings(next: StoredSettings): Promise<void> {
  await loadSettings();
  current = normalizeSettings(next);
  saved = true;
  notify();
  channel?.postMessage({ owner: accountStorageOwner(), settings: current });
  if (!persistent) return;
  try {
    await set(settingsKey, current, openStore());
  } catch (error) {
    persistent = false;
    console.warn('Settings could not be stored; they are kept for this page only.', error);
  }
}

/** Applies a change to the latest settings (read-modify-write in one place). */
export async function updateSettings(change: (settings: StoredSettings) => StoredSettings) {
  await loadSettings();
  await saveSettings(change(current));
}

export function subscribeSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget what this page loaded, as a reload would. */
export function resetSettingsForTests(): void {
  channel?.close();
  channel = null;
  store = null;
  loaded = null;
  persistent = true;
  saved = null;
  current = defaultSettings();
  listeners.clear();
}
