import type { Namespace } from '@/lib/i18n/resources';

export const namespaces: Namespace[] = [
  'common',
  'auth',
  'landing',
  'home',
  'conversations',
  'mindBox',
  'aiSettings',
  'mcpTools',
  'socialChat',
  'contacts',
  'connection',
  'previews',
  'testBench',
];
