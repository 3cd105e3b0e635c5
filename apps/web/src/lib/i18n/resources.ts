import type enAiSettings from '@/locales/en/aiSettings.json';
import type enAuth from '@/locales/en/auth.json';
import type enCommon from '@/locales/en/common.json';
import type enConnection from '@/locales/en/connection.json';
import type enContacts from '@/locales/en/contacts.json';
import type enConversations from '@/locales/en/conversations.json';
import type enHome from '@/locales/en/home.json';
import type enLanding from '@/locales/en/landing.json';
import type enMcpTools from '@/locales/en/mcpTools.json';
import type enMindBox from '@/locales/en/mindBox.json';
import type enPreviews from '@/locales/en/previews.json';
import type enSocialChat from '@/locales/en/socialChat.json';
import type enTestBench from '@/locales/en/testBench.json';
import type zhAiSettings from '@/locales/zh-CN/aiSettings.json';
import type zhAuth from '@/locales/zh-CN/auth.json';
import type zhCommon from '@/locales/zh-CN/common.json';
import type zhConnection from '@/locales/zh-CN/connection.json';
import type zhContacts from '@/locales/zh-CN/contacts.json';
import type zhConversations from '@/locales/zh-CN/conversations.json';
import type zhHome from '@/locales/zh-CN/home.json';
import type zhLanding from '@/locales/zh-CN/landing.json';
import type zhMcpTools from '@/locales/zh-CN/mcpTools.json';
import type zhMindBox from '@/locales/zh-CN/mindBox.json';
import type zhPreviews from '@/locales/zh-CN/previews.json';
import type zhSocialChat from '@/locales/zh-CN/socialChat.json';
import type zhTestBench from '@/locales/zh-CN/testBench.json';

/** One namespace per feature, each a catalog file per language, loaded when first needed. */
export interface Catalogs {
  common: typeof enCommon;
  auth: typeof enAuth;
  landing: typeof enLanding;
  home: typeof enHome;
  conversations: typeof enConversations;
  mindBox: typeof enMindBox;
  aiSettings: typeof enAiSettings;
  mcpTools: typeof enMcpTools;
  socialChat: typeof enSocialChat;
  contacts: typeof enContacts;
  connection: typeof enConnection;
  previews: typeof enPreviews;
  testBench: typeof enTestBench;
}

export type Namespace = keyof Catalogs;

/** English is the reference; the type checker fails when the Chinese catalog misses a key. */
interface ChineseCatalogs {
  common: typeof zhCommon;
  auth: typeof zhAuth;
  landing: typeof zhLanding;
  home: typeof zhHome;
  conversations: typeof zhConversations;
  mindBox: typeof zhMindBox;
  aiSettings: typeof zhAiSettings;
  mcpTools: typeof zhMcpTools;
  socialChat: typeof zhSocialChat;
  contacts: typeof zhContacts;
  connection: typeof zhConnection;
  previews: typeof zhPreviews;
  testBench: typeof zhTestBench;
}
type Assert<T extends true> = T;
export type ChineseCatalogsComplete = Assert<ChineseCatalogs extends Catalogs ? true : false>;
