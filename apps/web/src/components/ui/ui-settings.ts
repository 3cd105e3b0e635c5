/**
 * The UI kit's timings and limits (docs/product.md#ui-timings), equal to Radix's and vaul's own;
 * they are passed explicitly so the product's numbers are visible and survive a library upgrade.
 */
export const uiSettings = {
  toast: { durationMs: 5000, max: 5, swipeThreshold: 50, hotkey: ['F8'] },
  tooltip: { delayMs: 700, skipDelayMs: 300 },
  scrollArea: { hideDelayMs: 600 },
  avatar: { minSize: 16, maxSize: 48, defaultSize: 32 },
} as const;
