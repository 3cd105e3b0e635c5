import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../src/ai-settings';
import { settingsFileSchema } from '../src/ai-settings-schema';
import {
  defaultModelOf,
  embeddingModels,
  findModel,
  isDeveloperRoleModel,
  modelCatalogue,
} from '../src/models';
import { defaultProviderName, providerNames, providers } from '../src/providers';

describe('model catalogue (docs/product.md#models)', () => {
  it.each([
    ['o1', 200_000, 100_000],
    ['o1-mini', 128_000, 65_536],
    ['o3-mini', 200_000, 100_000],
    ['gpt-4o', 128_000, 4096],
    ['gpt-4o-mini', 128_000, 16_384],
    ['gpt-4-turbo', 128_000, 4096],
    ['gpt-4', 8129, 8129],
    ['gpt-3.5-turbo', 16_385, 4096],
    ['deepseek-chat', 65_536, 8192],
  ])('%s: context %i, max output %i', (label, context, max) => {
    expect(findModel(label)).toMatchObject({ contextWindow: context, maxTokens: max });
  });

  it('prices per 1000 tokens, DeepSeek in CNY, the reasoner without tools', () => {
    expect(findModel('gpt-4o')).toMatchObject({ inputPrice: 0.005, outputPrice: 0.015 });
    expect(findModel('deepseek-chat')).toMatchObject({ inputPrice: 0.0006, outputPrice: 0.002 });
    expect(findModel('deepseek-reasoner')).toMatchObject({
      inputPrice: 0.003,
      outputPrice: 0.016,
      toolEnabled: false,
    });
    expect(providers.DeepSeek.currency).toBe('CNY');
  });

  it('one default model per provider in the catalogue; labels are unique', () => {
    expect(defaultModelOf('OpenAI')?.label).toBe('gpt-4o');
    expect(defaultModelOf('DeepSeek')?.label).toBe('deepseek-chat');
    const labels = modelCatalogue.map((m) => m.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const m of modelCatalogue) expect(m.defaultMaxTokens).toBeLessThanOrEqual(m.maxTokens);
  });

  it('embedding models', () => {
    expect(embeddingModels.map((m) => [m.label, m.dimension, m.maxTokens])).toEqual([
      ['text-embedding-3-large', 3072, 8191],
      ['text-embedding-3-small', 1536, 8191],
      ['text-embedding-ada-002', 1536, 8191],
    ]);
  });

  it('developer role for models starting with o1 or o3 only', () => {
    expect(['o1', 'o1-mini', 'o3-mini'].every(isDeveloperRoleModel)).toBe(true);
    expect(['gpt-4o', 'o4-mini', 'deepseek-chat'].some(isDeveloperRoleModel)).toBe(false);
  });
});

describe('providers and stored settings (docs/product.md#models, #browser-storage)', () => {
  it('names, default bases, temperature table and the default provider', () => {
    expect(providerNames).toEqual(['OpenAI', 'Ollama', 'DeepSeek']);
    expect(providers.OpenAI.defaultBase).toBe('https://api.openai.com/v1');
    expect(providers.Ollama.defaultBase).toBe('http://localhost:11434');
    expect(providers.DeepSeek.defaultBase).toBe('https://api.deepseek.com');
    expect(
      [providers.OpenAI, providers.Ollama, providers.DeepSeek].map((p) => p.temperature),
    ).toEqual([
      { min: 0, max: 2, default: 1 },
      { min: 0, max: 1, default: 0.9 },
      { min: 0, max: 2, default: 1 },
    ]);
    expect(providers.Ollama.requires.key).toBe(false);
    expect(defaultProviderName).toBe('Ollama');
    expect(defaultSettings().api.providers.Ollama.model).toBe('qwen2.5:7b');
  });

  it('a settings file: the full shape passes, wrong types are refused', () => {
    expect(settingsFileSchema.safeParse(defaultSettings()).success).toBe(true);
    expect(settingsFileSchema.safeParse({}).success).toBe(true);
    expect(settingsFileSchema.safeParse({ api: { activeProvider: 'Claude' } }).success).toBe(false);
    expect(settingsFileSchema.safeParse({ toolStates: { 'a.b': 'on' } }).success).toBe(false);
    expect(
      settingsFileSchema.safeParse({ api: { providers: { OpenAI: { modelList: [1] } } } }).success,
    ).toBe(false);
  });
});
