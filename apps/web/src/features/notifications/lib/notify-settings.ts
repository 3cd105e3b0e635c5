import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

/**
 * The browser's notification choices (docs/product.md#notifications), this device's like the
 * colour mode: a sound with each notification (off until the user turns it on), and whether
 * the user put the permission question off ("Not now").
 */
export interface NotifySettings {
  sound: boolean;
  promptDismissed: boolean;
  setSound: (sound: boolean) => void;
  dismissPrompt: () => void;
}

function read(): { sound: boolean; promptDismissed: boolean } {
  try {
    const value: unknown = JSON.parse(readStorage(storageKeys.notifications) ?? '{}');
    const record =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    return { sound: record.sound === true, promptDismissed: record.promptDismissed === true };
  } catch {
    return { sound: false, promptDismissed: false };
  }
}

export const notifySettings = createStore<NotifySettings>()((set, get) => {
  const save = () => {
    const { sound, promptDismissed } = get();
    writeStorage(storageKeys.notifications, JSON.stringify({ sound, promptDismissed }));
  };
  return {
    ...read(),
    setSound: (sound) => {
      set({ sound });
      save();
    },
    dismissPrompt: () => {
      set({ promptDismissed: true });
      save();
    },
  };
});

export function useNotifySettings<T>(select: (state: NotifySettings) => T): T {
  return useStore(notifySettings, select);
}
