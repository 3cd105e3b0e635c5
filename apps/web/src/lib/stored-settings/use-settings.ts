import type { StoredSettings } from '@confab/protocol/ai-settings';
import { useEffect, useSyncExternalStore } from 'react';
import { getSettings, loadSettings, settingsWereSaved, subscribeSettings } from './settings-store';

/** The current stored settings; re-renders on every change (this tab or another). */
export function useSettings(): StoredSettings {
  useEffect(() => {
    void loadSettings();
  }, []);
  return useSyncExternalStore(subscribeSettings, getSettings, getSettings);
}

/** Whether settings of the user's were ever stored (null until read): false on a first visit. */
export function useSettingsSaved(): boolean | null {
  useEffect(() => {
    void loadSettings();
  }, []);
  return useSyncExternalStore(subscribeSettings, settingsWereSaved, settingsWereSaved);
}
