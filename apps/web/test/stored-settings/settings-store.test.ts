import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  exportSettings,
  importSettings,
  SettingsImportError,
} from '@/features/ai-settings/lib/settings-file';
import {
  getSettings,
  loadSettings,
  resetSettingsForTests,
  saveSettings,
  settingsArePersistent,
  subscribeSettings,
  updateSettings,
} from '@/lib/stored-settings/settings-store';
import { missingSettings } from '@/features/ai-chat/lib/provider-readiness';
import { accountStorageReady, declareAccount } from '@/lib/account-storage/account-storage';

/** Reads the record the way another tab or idb-keyval would: keyval-store / keyval / settings. */
function rawStored(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onsuccess = () => {
      const request = open.result.transaction('keyval').objectStore('keyval').get('settings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('read failed'));
    };
    open.onerror = () => reject(new Error('open failed'));
  });
}

beforeEach(async () => {
  // Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
  declareAccount('u-1');
  await accountStorageReady();
  resetSettingsForTests();
  await set('settings', undefined);
  resetSettingsForTests();
});

describe('settings store', () => {
  it('starts with the defaults: Ollama at localhost:11434 with qwen2.5:7b and no key', async () => {
    const settings = await loadSettings();
    expect(settings).toEqual({
      modelMapping: {},
      toolStates: {},
      api: {
        activeProvider: 'Ollama',
        providers: {
          OpenAI: {
            provider: 'OpenAI',
            base: 'https://api.openai.com/v1',
            key: '',
            secret: '',
            deploymentId: '',
            model: '',
            modelList: [],
          },
          Ollama: {
            provider: 'Ollama',
            base: 'http://localhost:11434',
            key: '',
            secret: '',
            deploymentId: '',
            model: 'qwen2.5:7b',
            modelList: [],
          },
          DeepSeek: {
            provider: 'DeepSeek',
            base: 'https://api.deepseek.com',
            key: '',
            secret: '',
            deploymentId: '',
            model: '',
            modelList: [],
          },
        },
      },
    });
    expect(settingsArePersistent()).toBe(true);
  });

  it('saves to keyval-store / keyval under "settings" in the documented shape', async () => {
    const next = defaultSettings();
    next.api.activeProvider = 'DeepSeek';
    next.api.providers.DeepSeek.key = 'sk-1';
    next.toolStates['weather.forecast'] = true;
    await saveSettings(next);
    expect(await rawStored()).toEqual(next);
  });

  it('picks up on reload what another tab or an import wrote', async () => {
    await loadSettings();
    const written = defaultSettings();
    written.api.providers.OpenAI.model = 'gpt-4o-mini';
    written.modelMapping = { 'gpt-4o': 'my-deployment' };
    await set('settings', written);
    expect(getSettings().api.providers.OpenAI.model).toBe('');
    resetSettingsForTests();
    expect((await loadSettings()).modelMapping).toEqual({ 'gpt-4o': 'my-deployment' });
    expect(getSettings().api.providers.OpenAI.model).toBe('gpt-4o-mini');
  });

  it('fills what an older record lacks and ignores an unknown active provider', async () => {
    await set('settings', {
      api: { activeProvider: 'Claude', providers: { Ollama: { model: 'llama3' } } },
    });
    const settings = await loadSettings();
    expect(settings.api.activeProvider).toBe('Ollama');
    expect(settings.api.providers.Ollama).toMatchObject({
      model: 'llama3',
      base: 'http://localhost:11434',
    });
    expect(settings.toolStates).toEqual({});
  });

  it('tells subscribers (tool states of the MCP feature included) about every change', async () => {
    await loadSettings();
    const seen: unknown[] = [];
    const stop = subscribeSettings((s) => seen.push(s.toolStates));
    await updateSettings((s) => ({ ...s, toolStates: { 'fs.read': false } }));
    stop();
    await updateSettings((s) => ({ ...s, toolStates: {} }));
    expect(seen).toContainEqual({ 'fs.read': false });
    expect(seen).not.toContainEqual({});
    expect(await get('settings')).toMatchObject({ toolStates: {} });
  });
});

describe('readiness (docs/product.md#provider-readiness)', () => {
  it('needs base, key and model only where the provider requires them', () => {
    const s = defaultSettings().api.providers;
    expect(missingSettings(s.Ollama)).toEqual([]);
    expect(missingSettings({ ...s.Ollama, model: ' ' })).toEqual(['model']);
    expect(missingSettings(s.OpenAI)).toEqual(['key', 'model']);
    expect(missingSettings({ ...s.DeepSeek, key: 'k', model: 'deepseek-chat', base: '' })).toEqual([
      'base',
    ]);
    expect(missingSettings({ ...s.DeepSeek, provider: 'Claude' as never })).toEqual(['provider']);
  });
});

describe('export and import', () => {
  it('leaves keys and secrets out unless asked', () => {
    const settings = defaultSettings();
    settings.api.providers.OpenAI.key = 'sk-secret';
    settings.api.providers.OpenAI.secret = 'shh';
    expect(exportSettings(settings, false)).not.toContain('sk-secret');
    expect(exportSettings(settings, false)).not.toContain('shh');
    expect(JSON.parse(exportSettings(settings, true))).toEqual(settings);
  });

  it('imports over the stored settings and keeps stored keys the file lacks', async () => {
    const stored = defaultSettings();
    stored.api.providers.OpenAI.key = 'sk-mine';
    await saveSettings(stored);
    const file = defaultSettings();
    file.api.activeProvider = 'OpenAI';
    file.api.providers.OpenAI.model = 'gpt-4o';
    const imported = await importSettings(exportSettings(file, false));
    expect(imported.api.activeProvider).toBe('OpenAI');
    expect(imported.api.providers.OpenAI).toMatchObject({ model: 'gpt-4o', key: 'sk-mine' });
    expect(await rawStored()).toEqual(imported);
  });

  it("carries the presets: a file's replace the stored ones, a file without keeps them", async () => {
    const preset = {
      id: 'p-1',
      name: 'Reviewer',
      systemMessage: 'Review strictly.',
      model: '',
      temperature: 0.2,
      maxTokens: null,
      maxCtxMessages: 4,
      createdAt: 1,
      updatedAt: 1,
    };
    const file = { ...defaultSettings(), presets: [preset] };
    expect(JSON.parse(exportSettings(file, false))).toMatchObject({ presets: [preset] });
    expect((await importSettings(exportSettings(file, false))).presets).toEqual([preset]);
    expect((await importSettings(exportSettings(defaultSettings(), false))).presets).toEqual([
      preset,
    ]);
    const error = await importSettings(
      JSON.stringify({ presets: [{ ...preset, name: ' ' }] }),
    ).catch((e: unknown) => e);
    expect((error as Error).message).toContain('Not a settings file: presets.0.name');
    expect((await rawStored()) as { presets?: unknown }).toMatchObject({ presets: [preset] });
  });

  it.each([
    ['not json', 'The file is not JSON.'],
    ['{"api":{"activeProvider":"Claude"}}', 'Not a settings file: api.activeProvider'],
    ['{"toolStates":{"a.b":"yes"}}', 'Not a settings file: toolStates.a.b'],
  ])('refuses %s and changes nothing', async (text, message) => {
    const stored = defaultSettings();
    stored.api.providers.Ollama.model = 'kept';
    await saveSettings(stored);
    const error = await importSettings(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettingsImportError);
    expect((error as Error).message).toContain(message);
    expect(await rawStored()).toEqual(stored);
  });
});
