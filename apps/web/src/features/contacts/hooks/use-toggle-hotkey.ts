import { useEffect } from 'react';

const nonTextInputs = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** True for an element that takes typed text: the key belongs to it, not to a shortcut. */
export function isTextEntry(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  // isContentEditable is the browser's answer; the attribute check covers engines without it.
  if (element.isContentEditable) return true;
  if (element.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !nonTextInputs.has(element.type);
  return false;
}

/**
 * Calls `toggle` when the single key `key` is pressed (no modifier, not held down), unless a
 * text field has focus: typing an "o" into a field must not open or close anything.
 */
export function useToggleHotkey(key: string, toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || event.repeat || event.isComposing || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(document.activeElement)) return;
      if (event.target instanceof Element && isTextEntry(event.target)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key, toggle]);
}
