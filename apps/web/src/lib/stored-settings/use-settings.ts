import type { StoredSettings } from '@confab/protocol/ai-settings';
import { useEffect, useSyncExternalStore } from 'react';
import { getSettings, loadSettings, subscribeSettings } from './settings-store';

/** The current stored settings; re-renders on every change (this tab or another). */
export function useSettings(): StoredSettings {
  useEffect(() => {
    void loadSettings();
  }, []);
  return useSyncExternalStore(subscribeSettings, getSettings, getSettings);
}
