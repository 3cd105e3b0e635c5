import type { BackendModule, ResourceKey } from 'i18next';

/** Every catalog file as its own chunk, so a page downloads only its language and namespaces. */
const catalogs = import.meta.glob<{ default: ResourceKey }>('../../locales/*/*.json');

export const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = catalogs[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
