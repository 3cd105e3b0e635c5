import {
  applyColorMode,
  readStoredPreference,
  resolveColorMode,
  systemDarkQuery,
} from './color-mode';

/*
 * Imported first by main.tsx so the `dark` class is on <html> before React renders anything.
 * The Content-Security-Policy forbids inline scripts, so this cannot live in index.html; it
 * imports nothing heavy so it runs as early as a module can.
 */
applyColorMode(
  resolveColorMode({
    preference: readStoredPreference(),
    systemValue: systemDarkQuery()?.matches ? 'dark' : 'light',
    forcedValue: null,
  }),
);
