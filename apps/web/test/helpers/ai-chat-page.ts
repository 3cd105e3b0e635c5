import { vi } from 'vitest';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { resetSettingsForTests } from '@/lib/stored-settings/settings-store';

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
