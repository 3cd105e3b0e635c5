import { readStorage, storageKeys } from '../storage';

export const colorModePreferences = ['system', 'light', 'dark'] as const;
export type ColorModePreference = (typeof colorModePreferences)[number];
export type ColorModeValue = 'light' | 'dark';

/** docs/product.md#colour-mode: what the picker and the pages read. */
export interface ColorModeState {
  preference: ColorModePreference;
  value: ColorModeValue;
  /** True while a route forces `value`, overriding the preference. */
  forced: boolean;
}

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return colorModePreferences.includes(value as ColorModePreference);
}

export function readStoredPreference(): ColorModePreference {
  const stored = readStorage(storageKeys.colorMode);
  return isColorModePreference(stored) ? stored : 'system';
}

export function systemDarkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

export function resolveColorMode(input: {
  preference: ColorModePreference;
  systemValue: ColorModeValue;
  forcedValue: ColorModeValue | null;
}): ColorModeValue {
  if (input.forcedValue) return input.forcedValue;
  return input.preference === 'system' ? input.systemValue : input.preference;
}

/** The stylesheet keys dark mode on this class (see styles.css). */
export function applyColorMode(value: ColorModeValue): void {
  document.documentElement.classList.toggle('dark', value === 'dark');
}
