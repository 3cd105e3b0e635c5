/**
 * The AI chat's keyboard shortcuts (docs/product.md#ai-chat-keyboard): Cmd on a Mac, Ctrl
 * elsewhere, as the platform reports itself.
 */
export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const withHints = navigator as Navigator & { userAgentData?: { platform?: string } };
  const platform = withHints.userAgentData?.platform || navigator.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The platform's command modifier, and no other (Ctrl+K on a Mac is not ⌘K). */
export function hasModifier(event: KeyboardEvent, mac = isMacPlatform()): boolean {
  return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** How a shortcut is written for this platform: ⌘K on a Mac, Ctrl+K elsewhere. */
export function shortcutLabel(keys: { mod?: boolean; shift?: boolean; key: string }, mac: boolean) {
  if (mac) return `${keys.mod ? '⌘' : ''}${keys.shift ? '⇧' : ''}${keys.key}`;
  return [keys.mod ? 'Ctrl' : '', keys.shift ? 'Shift' : '', keys.key].filter(Boolean).join('+');
}

/** A field the user types in: single keys there are text, not shortcuts. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset'].includes(
    target.type,
  );
}

/** An open dialog or sheet holds the keyboard: its own Escape closes it. */
export function inDialog(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]'))
    return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}
