import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetLimits, type AiPreset } from '@confab/protocol/ai-presets';
import { settingsSyncAs, syncedSettings } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { databaseSnapshot } from '../helpers/fuzz-routes';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

function preset(n: number, changes: Partial<AiPreset> = {}): AiPreset {
  return {
    id: `preset-${n}`,
    name: `Reviewer ${n}`,
    icon: '🧐',
    systemMessage: 'Review the code you are given.',
    provider: 'OpenAI',
    model: 'gpt-4o',
    temperature: 0.3,
    topP: 0.9,
    presencePenalty: 0.5,
    maxTokens: 1024,
    maxCtxMessages: 6,
    noTools: true,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000 + n,
    ...changes,
  };
}

// docs/product.md#presets: an account's presets travel with its synced settings, checked by the
// shared schema; a bad one is refused with 400 naming the field, and nothing is stored.
describe.each(databaseTargets)('presets in the synced settings on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  async function sync() {
    const { cookie } = await signUp(t.app);
    return settingsSyncAs(t.app, cookie);
  }

  it("gives another device the account's presets, and keeps settings without presets valid", async () => {
    const device = await sync();
    const presets = [
      preset(1),
      preset(2, { provider: undefined, maxTokens: null, icon: undefined }),
    ];
    delete presets[1]!.provider;
    delete presets[1]!.icon;
    const settings = { ...syncedSettings(), presets };
    expect((await device.write({ settings })).settings).toEqual(settings);
    expect((await device.read()).settings?.presets).toEqual(presets);

    // An older client's settings (no presets) still sync.
    expect((await device.write({ settings: syncedSettings() })).settings).toEqual(syncedSettings());
  });

  it(`takes ${presetLimits.presetsMax} presets and refuses one more`, async () => {
    const device = await sync();
    const most = Array.from({ length: presetLimits.presetsMax }, (_, i) => preset(i));
    expect(
      (await device.write({ settings: { ...syncedSettings(), presets: most } })).settings,
    ).toMatchObject({ presets: most });

    const before = await databaseSnapshot(t.app);
    const reply = await device.call('PUT', {
      settings: { ...syncedSettings(), presets: [...most, preset(presetLimits.presetsMax)] },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/^settings\.presets: /);
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });

  it('answers a bad preset with 400 naming its field, and stores nothing', async () => {
    const device = await sync();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'settings.presets.0.name'],
      [{ name: 'n'.repeat(presetLimits.nameMax + 1) }, 'settings.presets.0.name'],
      [{ systemMessage: 's'.repeat(4001) }, 'settings.presets.0.systemMessage'],
      [{ temperature: 2.5 }, 'settings.presets.0.temperature'],
      [{ topP: 1.5 }, 'settings.presets.0.topP'],
      [{ maxTokens: 0 }, 'settings.presets.0.maxTokens'],
      [{ maxCtxMessages: -1 }, 'settings.presets.0.maxCtxMessages'],
      [{ provider: 'Gemini' }, 'settings.presets.0.provider'],
      [{ key: 'sk-plaintext' }, 'settings.presets.0'],
    ];
    const before = await databaseSnapshot(t.app);
    for (const [change, field] of bad) {
      const reply = await device.call('PUT', {
        settings: { ...syncedSettings(), presets: [{ ...preset(1), ...change }] },
      });
      expect(reply.statusCode, field).toBe(400);
      const body = reply.json<{ message: string; fields: Record<string, string> }>();
      expect(body.message.startsWith(`${field}: `), body.message).toBe(true);
      expect(body.fields).toHaveProperty([field]);
      expect(reply.body).not.toContain('sk-plaintext');
    }
    const twice = await device.call('PUT', {
      settings: { ...syncedSettings(), presets: [preset(1), preset(1)] },
    });
    expect(twice.statusCode).toBe(400);
    expect(await databaseSnapshot(t.app)).toEqual(before);
  });
});
