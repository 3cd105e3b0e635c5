import 'i18next';
import type { Catalogs } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogs;
  }
}
