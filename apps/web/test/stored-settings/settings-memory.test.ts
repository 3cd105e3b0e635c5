import { defaultSettings } from '@confab/protocol/ai-settings';
import { expect, it, vi } from 'vitest';
import {
  getSettings,
  loadSettings,
  saveSettings,
  settingsArePersistent,
} from '@/lib/stored-settings/settings-store';

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
