import { defaultSettings } from '@confab/protocol/ai-settings';
import { expect, it, vi, beforeEach } from 'vitest';
import {
  getSettings,
  loadSettings,
  saveSettings,
  settingsArePersistent,
} from '@/lib/stored-settings/settings-store';
import { declareAccount } from '@/lib/account-storage/account-storage';

// Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
beforeEach(() => void declareAccount('u-1'));

it('falls back to memory when IndexedDB is unavailable (private mode)', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('indexedDB', {
    open: () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    },
  });
  const settings = await loadSettings();
  expect(settings).toEqual(defaultSettings());
  expect(settingsArePersistent()).toBe(false);
  const next = defaultSettings();
  next.api.activeProvider = 'DeepSeek';
  await saveSettings(next);
  expect(getSettings().api.activeProvider).toBe('DeepSeek');
});
