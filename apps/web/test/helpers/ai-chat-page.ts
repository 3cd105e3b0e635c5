import { defaultSettings, type StoredSettings } from '@confab/protocol/ai-settings';
import { vi } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { resetSettingsForTests, saveSettings } from '@/lib/stored-settings/settings-store';

/** What a reload forgets: the page's memory (IndexedDB stays). */
export function forgetPageMemory(): void {
  useChatStore.setState({ ...initialChatState });
  resetSettingsForTests();
}

/** jsdom lays nothing out; the virtualised lists need their elements to have a size. */
export function stubLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 800, height: 200 }),
  );
}

/**
 * u-1's stores with no AI chat, and settings of theirs whose provider (Ollama) is set up but
 * never answers; `edit` changes those settings before they are stored. The page's memory is
 * then forgotten, as a reload would.
 */
export async function emptyAiChats(edit?: (settings: StoredSettings) => void): Promise<void> {
  declareAccount('u-1');
  stubLayout();
  forgetPageMemory();
  const db = await chatDb();
  for (const chat of await db.listChats()) await db.deleteChat(chat.id);
  const settings = defaultSettings();
  settings.api.providers.Ollama.base = 'http://127.0.0.1:1';
  settings.api.providers.Ollama.model = 'gemma3:1b';
  edit?.(settings);
  await saveSettings(settings);
  forgetPageMemory();
}
