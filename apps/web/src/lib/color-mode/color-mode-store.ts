import { createStore } from 'zustand/vanilla';
import { storageKeys, writeStorage } from '../storage';
import {
  applyColorMode,
  isColorModePreference,
  readStoredPreference,
  resolveColorMode,
  systemDarkQuery,
  type ColorModePreference,
  type ColorModeValue,
} from './color-mode';

export interface ColorModeStore {
  preference: ColorModePreference;
  systemValue: ColorModeValue;
  forcedValue: ColorModeValue | null;
  setPreference: (preference: ColorModePreference) => void;
  /** Forces a mode over the preference (`null` lifts it). `system` cannot be forced. */
  force: (mode: ColorModePreference | null) => void;
}

function createColorModeStore() {
  const media = systemDarkQuery();
  const store = createStore<ColorModeStore>()((set) => ({
    preference: readStoredPreference(),
    systemValue: media?.matches ? 'dark' : 'light',
    forcedValue: null,
    setPreference: (preference) => {
      writeStorage(storageKeys.colorMode, preference);
      set({ preference });
    },
    force: (mode) => {
      if (mode === 'system') {
        console.warn('Colour mode "system" cannot be forced; keeping the current mode.');
        return;
      }
      set({ forcedValue: mode });
    },
  }));

  // "System" follows the operating system live, not only at start.
  media?.addEventListener('change', (event) => {
    store.setState({ systemValue: event.matches ? 'dark' : 'light' });
  });
  // A choice made in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.colorMode && isColorModePreference(event.newValue)) {
      store.setState({ preference: event.newValue });
    }
  });

  applyColorMode(resolveColorMode(store.getState()));
  store.subscribe((state) => applyColorMode(resolveColorMode(state)));
  return store;
}

/** The one colour-mode store: it listens to the system setting and owns the `dark` class. */
export const colorModeStore = createColorModeStore();
