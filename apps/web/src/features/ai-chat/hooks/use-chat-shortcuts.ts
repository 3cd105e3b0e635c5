import { useEffect, useRef } from 'react';
import { hasModifier, inDialog, isMacPlatform, isTextField } from '../lib/shortcut-keys';

export interface ChatShortcutActions {
  /** Esc: a reply is running in the open chat and is stopped; false when there is none. */
  stop: () => boolean;
  focusSearch: () => void;
  newChat: () => void;
  showShortcuts: () => void;
  /** The composer, where Esc stops a reply too. */
  composer: () => HTMLTextAreaElement | null;
}

/**
 * The AI chat page's shortcuts (docs/product.md#ai-chat-keyboard), listened to on the document:
 * Esc stops the reply (from the composer or the page, never from a dialog or another field),
 * Cmd/Ctrl+K searches the chats, Cmd/Ctrl+Shift+O starts a new chat, `?` (outside text fields)
 * and Cmd/Ctrl+/ list them. Nothing fires during an IME composition.
 */
export function useChatShortcuts(actions: ChatShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.keyCode === 229) return;
      const act = latest.current;
      const target = event.target;
      if (event.key === 'Escape') {
        if (event.defaultPrevented || inDialog(target)) return;
        if (isTextField(target) && target !== act.composer()) return;
        if (act.stop()) event.preventDefault();
        return;
      }
      if (inDialog(target)) return;
      const key = event.key.toLowerCase();
      if (hasModifier(event, mac) && !event.altKey) {
        if (key === 'k' && !event.shiftKey) {
          event.preventDefault();
          act.focusSearch();
        } else if (key === 'o' && event.shiftKey) {
          event.preventDefault();
          act.newChat();
        } else if (key === '/' || event.code === 'Slash') {
          event.preventDefault();
          act.showShortcuts();
        }
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (isTextField(target)) return;
        event.preventDefault();
        act.showShortcuts();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
