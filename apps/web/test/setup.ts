import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia } from './helpers/match-media';
import { installResizeObserver } from './helpers/resize-observer';

// Suites marked `@vitest-environment node` (the AI engine against the test provider) have no
// DOM: nothing below applies to them.
if (typeof window !== 'undefined') {
  // Pages load lazily; on a busy machine the first load of a chunk can take over a second.
  configure({ asyncUtilTimeout: 5000 });

  // Before any app module runs: the colour mode reads matchMedia when it is first imported.
  installMatchMedia();
  installResizeObserver();

  const { i18nReady, loadNamespaces } = await import('@/lib/i18n/i18n');
  const { namespaces } = await import('./helpers/namespaces');
  await i18nReady;
  await loadNamespaces(namespaces);

  const { resetAccountStorageForTests } = await import('@/lib/account-storage/account-storage');
  const { forgetPresenceOrder } = await import('@/lib/presence/presence-order');

  afterEach(() => {
    cleanup();
    // The next test is a new page load: no account declared yet.
    resetAccountStorageForTests();
    forgetPresenceOrder();
    localStorage.clear();
    sessionStorage.clear();
  });
}
