import { aiPresetSchema } from '@confab/protocol/ai-presets';
import { describe, expect, it } from 'vitest';
import {
  chatSettingsOf,
  presetDraftOf,
  presetOf,
  validatePreset,
} from '@/features/ai-chat/lib/presets';

const fields = { id: 'p1', name: 'Numbers', now: 5 };

describe('a preset’s tool selection', () => {
  it('is kept from the chat it was saved from, and given to a chat started from it', () => {
    const preset = presetOf({ systemMessage: '', toolSelection: ['everything.get-sum'] }, fields);
    expect(aiPresetSchema.parse(preset).toolSelection).toEqual(['everything.get-sum']);
    expect(chatSettingsOf(preset).toolSelection).toEqual(['everything.get-sum']);
    const without = presetOf({ systemMessage: '' }, fields);
    expect('toolSelection' in without).toBe(false);
    expect('toolSelection' in chatSettingsOf(without)).toBe(false);
  });

  it('survives an edit in the preset form, which has no tool picker', () => {
    const preset = presetOf({ model: 'gpt-4o', toolSelection: ['second'] }, fields);
    const edited = validatePreset({ ...presetDraftOf(preset), name: 'Renamed' }, preset, {
      activeProvider: 'OpenAI',
      providerModel: 'gpt-4o',
      now: 9,
    });
    expect(edited.ok && edited.preset).toMatchObject({
      name: 'Renamed',
      toolSelection: ['second'],
    });
  });

  it('is refused from sync when it is not a list of entries', () => {
    const preset = presetOf({ model: 'gpt-4o' }, fields);
    expect(aiPresetSchema.safeParse({ ...preset, toolSelection: 'second' }).success).toBe(false);
  });
});
