import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemDark } from '../helpers/match-media';

afterEach(() => {
  systemDark.set(false);
  document.documentElement.classList.remove('dark');
});

/** Runs the boot module as a fresh page load would. */
async function boot() {
  vi.resetModules();
  await import('@/lib/color-mode/color-mode-boot');
}

describe('colour mode before the first render', () => {
  it('applies a remembered dark choice', async () => {
    localStorage.setItem('confab:color-mode', 'dark');
    await boot();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows a dark system when the preference is System', async () => {
    systemDark.set(true);
    await boot();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('stays light for a remembered light choice on a dark system', async () => {
    systemDark.set(true);
    localStorage.setItem('confab:color-mode', 'light');
    await boot();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
