/**
 * Export and import of the stored settings as a JSON file. Keys and secrets are left out of an
 * export unless the user asks for them; an import that lacks them keeps the stored ones, so a
 * round trip through a shared file never loses a key.
 */
import type { ProviderSettings, StoredSettings } from '@confab/protocol/ai-settings';
import { providerNames } from '@confab/protocol/providers';
import {
  getSettings,
  loadSettings,
  normalizeSettings,
  saveSettings,
} from '@/lib/stored-settings/settings-store';

export function exportSettings(settings: StoredSettings, includeKeys: boolean): string {
  const copy = normalizeSettings(settings);
  if (!includeKeys) {
    for (const name of providerNames) {
      const provider: ProviderSettings = copy.api.providers[name];
      provider.key = '';
      provider.secret = '';
    }
  }
  return `${JSON.stringify(copy, null, 2)}\n`;
}

export class SettingsImportError extends Error {
  override readonly name = 'SettingsImportError';
}

/** Merges a parsed settings file over the stored settings; throws SettingsImportError. */
export async function importSettings(text: string): Promise<StoredSettings> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SettingsImportError('The file is not JSON.');
  }
  const { settingsFileSchema } = await import('@confab/protocol/ai-settings-schema');
  const result = settingsFileSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') || 'the file';
    throw new SettingsImportError(`Not a settings file: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  await loadSettings();
  const stored = getSettings();
  const file = result.data;
  const providers = { ...stored.api.providers };
  for (const name of providerNames) {
    const incoming = file.api?.providers?.[name];
    if (!incoming) continue;
    const keep = stored.api.providers[name];
    providers[name] = {
      ...keep,
      ...incoming,
      provider: name,
      key: incoming.key ? incoming.key : keep.key,
      secret: incoming.secret ? incoming.secret : keep.secret,
    };
  }
  const next: StoredSettings = {
    modelMapping: file.modelMapping ?? stored.modelMapping,
    toolStates: { ...stored.toolStates, ...(file.toolStates ?? {}) },
    api: { activeProvider: file.api?.activeProvider ?? stored.api.activeProvider, providers },
    // A file's presets replace the stored ones; a file without them keeps them.
    presets: file.presets ?? stored.presets ?? [],
  };
  await saveSettings(next);
  return getSettings();
}
