import type { Page } from '@playwright/test';

export type Language = 'en' | 'zh-CN';
export type ColorScheme = 'light' | 'dark';
export interface Look {
  language: Language;
  colorScheme: ColorScheme;
  view: { name: 'phone' | 'desktop'; width: number; height: number };
}

const views: Look['view'][] = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * Shows the page in each language, colour scheme and size a screen is checked in (a phone at
 * 375 px and a desktop, light and dark, English and Chinese), reloaded each time, and runs
 * `check` on each.
 */
export async function inEveryLook(page: Page, check: (look: Look) => Promise<void>) {
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((l) => localStorage.setItem('confab:language', l), language);
    for (const colorScheme of ['light', 'dark'] as const)
      for (const view of views) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width: view.width, height: view.height });
        await page.reload();
        await check({ language, colorScheme, view });
      }
  }
}
