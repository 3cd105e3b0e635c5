/**
 * jsdom has no ResizeObserver; Radix parts (the switch's thumb) measure themselves with it.
 * Nothing is ever resized in jsdom, so an observer that never reports is faithful.
 */
export function installResizeObserver(): void {
  if ('ResizeObserver' in globalThis) return;
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
