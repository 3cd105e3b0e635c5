import 'fake-indexeddb/auto';
import type { AiPreset } from '@confab/protocol/ai-presets';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { builtInPresets } from '@/features/ai-chat/lib/built-in-presets';
import { presetDraftOf, validatePreset } from '@/features/ai-chat/lib/presets';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { useChatStore } from '@/features/ai-chat/stores/chat-store';
import { changeLanguage, i18n } from '@/lib/i18n/i18n';
import { getSettings, saveSettings } from '@/lib/stored-settings/settings-store';
import { aiChat } from '../helpers/ai-chat-records';
import { emptyAiChats, forgetPageMemory } from '../helpers/ai-chat-page';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

const reviewer: AiPreset = {
  id: 'p-1',
  name: 'Strict reviewer',
  icon: '🧐',
  systemMessage: 'Review strictly.',
  model: 'gemma3:4b',
  temperature: 0.2,
  topP: 0.8,
  presencePenalty: 0.5,
  maxTokens: 512,
  maxCtxMessages: 4,
  noTools: true,
  createdAt: 1,
  updatedAt: 1,
};

beforeEach(async () => {
  await emptyAiChats((settings) => {
    settings.presets = [reviewer];
  });
  fakeServer({ session: alice });
});

const context = { activeProvider: 'Ollama' as const, providerModel: 'gemma3:1b', now: 5 };

describe('preset checks (docs/product.md#presets)', () => {
  it('takes a valid preset, keeping its id and creation time', () => {
    const result = validatePreset(
      { ...presetDraftOf(reviewer), name: ' Renamed ' },
      reviewer,
      context,
    );
    expect(result).toEqual({
      ok: true,
      preset: { ...reviewer, name: 'Renamed', updatedAt: 5 },
    });
  });

  it('refuses a blank or long name, a long system message and a temperature out of range', () => {
    const draft = presetDraftOf(reviewer);
    const errors = (changes: Partial<typeof draft>) => {
      const result = validatePreset({ ...draft, ...changes }, reviewer, context);
      return result.ok ? null : result.errors;
    };
    expect(errors({ name: '   ' })?.name).toEqual({ key: 'nameRequired' });
    expect(errors({ name: 'n'.repeat(81) })?.name).toEqual({
      key: 'nameTooLong',
      values: { max: 80 },
    });
    expect(errors({ systemMessage: 's'.repeat(4001) })?.chat.systemMessage).toEqual({
      key: 'systemMessageTooLong',
      values: { max: 4000 },
    });
    // Ollama takes 0 to 1; the preset's own provider decides.
    expect(errors({ temperature: '1.5' })?.chat.temperature?.key).toBe('temperatureRange');
    expect(errors({ temperature: '1.5', provider: 'OpenAI' })).toBeNull();
    expect(errors({ maxTokens: '0' })?.chat.maxTokens?.key).toBe('maxTokensPositive');
  });

  it('gives the built-in presets in Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      const names = builtInPresets(i18n.getFixedT('zh-CN', 'mindBox')).map((p) => p.name);
      expect(names).toEqual(['翻译', '代码审查', '文字编辑', '摘要']);
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('presets on the AI chat page', { timeout: 20_000 }, () => {
  async function openPage() {
    const view = await renderApp('/agents/mindBox');
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toBeEnabled());
    return { view, input, chats: screen.getByRole('navigation', { name: 'AI chats' }) };
  }

  it("starts a new chat with a preset's settings and focuses the composer", async () => {
    const { view, input, chats } = await openPage();
    await view.user.click(within(chats).getByRole('button', { name: 'Start from a preset' }));
    await view.user.click(await screen.findByRole('menuitem', { name: '🧐 Strict reviewer' }));
    await waitFor(() => expect(input).toHaveFocus());
    const id = useChatStore.getState().activeId;
    const stored = (await (await chatDb()).listChats()).find((c) => c.id === id);
    expect(stored).toMatchObject({
      systemMessage: 'Review strictly.',
      model: 'gemma3:4b',
      temperature: 0.2,
      topP: 0.8,
      presencePenalty: 0.5,
      maxTokens: 512,
      maxCtxMessages: 4,
      noTools: true,
    });
    expect(stored?.provider).toBeUndefined();

    await view.user.click(screen.getByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat settings' });
    expect(within(dialog).getByLabelText('System message')).toHaveValue('Review strictly.');
    expect(within(dialog).getByLabelText('Temperature')).toHaveValue('0.2');
  });

  it('a chat from a preset naming a provider gets that provider; a built-in one its texts', async () => {
    await saveSettings({ ...getSettings(), presets: [{ ...reviewer, provider: 'OpenAI' }] });
    forgetPageMemory();
    const { view, chats } = await openPage();
    await view.user.click(within(chats).getByRole('button', { name: 'Start from a preset' }));
    await view.user.click(await screen.findByRole('menuitem', { name: '🧐 Strict reviewer' }));
    await waitFor(() =>
      expect(useChatStore.getState().chats[0]).toMatchObject({ provider: 'OpenAI' }),
    );
    await view.user.click(within(chats).getByRole('button', { name: 'Start from a preset' }));
    await view.user.click(await screen.findByRole('menuitem', { name: '🌐 Translator' }));
    await waitFor(() => expect(useChatStore.getState().chats).toHaveLength(2));
    expect(useChatStore.getState().chats[0]?.systemMessage).toMatch(/^You are a translator/);
  });

  it("saves the chat settings form's values as a preset, refusing a blank name", async () => {
    await (
      await chatDb()
    ).putChat(
      aiChat('c-1', { summary: '', systemMessage: 'Be brief.', temperature: 0.4, updatedAt: 9 }),
    );
    const { view } = await openPage();
    await view.user.click(screen.getByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat settings' });
    await view.user.clear(within(dialog).getByLabelText('Max tokens'));
    await view.user.type(within(dialog).getByLabelText('Max tokens'), '300');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save as preset' }));
    expect(await within(dialog).findByText('The preset needs a name.')).toBeInTheDocument();
    expect(getSettings().presets).toEqual([reviewer]);

    await view.user.type(within(dialog).getByLabelText('Preset name'), 'Brief');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save as preset' }));
    expect(await within(dialog).findByText('Saved as preset “Brief”')).toBeInTheDocument();
    expect(getSettings().presets?.[1]).toMatchObject({
      name: 'Brief',
      systemMessage: 'Be brief.',
      temperature: 0.4,
      maxTokens: 300,
      maxCtxMessages: 10,
    });
  });

  it('refuses a preset past the 100 an account keeps, with the message, and stores nothing', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...reviewer, id: `p-${i}` }));
    await saveSettings({ ...getSettings(), presets: many });
    forgetPageMemory();
    await (await chatDb()).putChat(aiChat('c-1', { summary: 'Kept', updatedAt: 9 }));
    const { view } = await openPage();
    await view.user.click(screen.getByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat settings' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Save as preset' }));
    expect(
      await within(dialog).findByText('You can keep at most 100 presets: delete one first.'),
    ).toBeInTheDocument();
    expect(getSettings().presets).toHaveLength(100);
  });

  it('edits, renames and deletes an own preset after asking; copies a built-in one', async () => {
    const { view, chats } = await openPage();
    await view.user.click(within(chats).getByRole('button', { name: 'Start from a preset' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Manage presets…' }));
    const sheet = await screen.findByRole('dialog', { name: 'Presets' });

    await view.user.click(within(sheet).getByRole('button', { name: 'Edit: Strict reviewer' }));
    const name = within(sheet).getByLabelText('Preset name');
    await view.user.clear(name);
    await view.user.type(name, 'Gentle reviewer');
    await view.user.clear(within(sheet).getByLabelText('Temperature'));
    await view.user.type(within(sheet).getByLabelText('Temperature'), '3');
    await view.user.click(within(sheet).getByRole('button', { name: 'Save preset' }));
    expect(
      await within(sheet).findByText('Temperature must be between 0 and 1.'),
    ).toBeInTheDocument();
    expect(getSettings().presets?.[0]?.name).toBe('Strict reviewer');
    await view.user.clear(within(sheet).getByLabelText('Temperature'));
    await view.user.type(within(sheet).getByLabelText('Temperature'), '0.7');
    await view.user.click(within(sheet).getByRole('button', { name: 'Save preset' }));
    expect(await within(sheet).findByText('Preset saved')).toBeInTheDocument();
    expect(getSettings().presets).toEqual([
      expect.objectContaining({ id: 'p-1', name: 'Gentle reviewer', temperature: 0.7 }),
    ]);

    await view.user.click(within(sheet).getByRole('button', { name: 'Copy: Summariser' }));
    await view.user.click(within(sheet).getByRole('button', { name: 'Save preset' }));
    await waitFor(() =>
      expect(getSettings().presets?.map((p) => p.name)).toEqual([
        'Gentle reviewer',
        'Summariser (copy)',
      ]),
    );

    await view.user.click(within(sheet).getByRole('button', { name: 'Delete: Gentle reviewer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the preset?' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(getSettings().presets?.map((p) => p.name)).toEqual(['Summariser (copy)']),
    );
  });
});

describe('presets in Chinese', { timeout: 20_000 }, () => {
  it('lists the built-in presets in the menu in Chinese', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      const view = await renderApp('/agents/mindBox');
      const chats = await screen.findByRole('navigation', { name: 'AI 对话列表' });
      await view.user.click(within(chats).getByRole('button', { name: '从预设新建对话' }));
      for (const name of ['🌐 翻译', '🧐 代码审查', '✍️ 文字编辑', '📝 摘要']) {
        expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
      }
      expect(screen.getByRole('menuitem', { name: '管理预设…' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
