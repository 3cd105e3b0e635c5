/**
 * How a device's stored settings and the server's synced copy meet
 * (docs/product.md#settings-and-key-sync). The server's copy never holds a key, so applying it
 * keeps this device's keys; keys come only from sealed keys this device opened.
 */
import type { SyncedSettings } from '@confab/protocol/ai-history';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { providerNames } from '@confab/protocol/providers';
import { normalizeSettings } from '@/lib/stored-settings/settings-store';
import type { ProviderKeys } from '../key-sealing';

/** The settings as they are sent: every provider without `key` and `secret`. */
export function withoutKeys(settings: StoredSettings): SyncedSettings {
  return {
    modelMapping: settings.modelMapping,
    toolStates: settings.toolStates,
    api: {
      activeProvider: settings.api.activeProvider,
      providers: Object.fromEntries(
        providerNames.map((name) => {
          const { key: _key, secret: _secret, ...rest } = settings.api.providers[name];
          return [name, rest];
        }),
      ),
    },
    ...(settings.presets?.length && { presets: settings.presets }),
  };
}

/** The keys this device holds, per provider (those with neither left out). */
export function keysOf(settings: StoredSettings): ProviderKeys {
  const keys: ProviderKeys = {};
  for (const name of providerNames) {
    const { key, secret } = settings.api.providers[name];
    if (key || secret) keys[name] = { key, secret };
  }
  return keys;
}

/** The server's settings with this device's keys. */
export function applySynced(local: StoredSettings, synced: SyncedSettings): StoredSettings {
  const next = normalizeSettings(synced);
  for (const name of providerNames) {
    const { key, secret } = local.api.providers[name];
    next.api.providers[name] = { ...next.api.providers[name], key, secret };
  }
  return next;
}

/** The settings with the keys opened from the server's sealed keys (they replace this device's). */
export function withKeys(settings: StoredSettings, keys: ProviderKeys): StoredSettings {
  const next = normalizeSettings(settings);
  for (const name of providerNames) {
    const opened = keys[name] ?? { key: '', secret: '' };
    next.api.providers[name] = { ...next.api.providers[name], ...opened };
  }
  return next;
}

/**
 * What was last agreed with the server, to tell whether this device changed something since:
 * the settings without keys, and the keys too while this device syncs them.
 */
export function syncFingerprint(settings: StoredSettings, withKeySync: boolean): string {
  return JSON.stringify({
    settings: withoutKeys(normalizeSettings(settings)),
    keys: withKeySync ? keysOf(settings) : null,
  });
}
