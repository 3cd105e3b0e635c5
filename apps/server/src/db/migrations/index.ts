import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as contacts from './0002-contacts';
import * as mcpServers from './0003-mcp-servers';
import * as socialChat from './0004-social-chat';
import * as chatFiles from './0005-chat-files';
import * as messageRevisions from './0006-message-revisions';
import * as consent from './0007-consent';
import * as fileLifetimes from './0008-file-lifetimes';
import * as userRoles from './0009-user-roles';
import * as aiHistory from './0010-ai-history';
import * as aiHistorySearch from './0011-ai-history-search';
import * as aiProviderSettings from './0012-ai-provider-settings';
import * as aiMessageParents from './0013-ai-message-parents';
import * as messageExtras from './0014-message-extras';
import * as webPush from './0015-web-push';
import * as identity from './0016-identity';
import * as linkPreviews from './0017-link-previews';
import * as aiMessages from './0018-ai-messages';
import * as aiConsent from './0019-ai-consent';
import * as mcpOAuth from './0020-mcp-oauth';
import * as mcpOAuthFlowRedirect from './0021-mcp-oauth-flow-redirect';

/**
 * Every migration, in order. A static list rather than a folder scan, so the bundled server
 * needs no file-system discovery. Names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-contacts': contacts,
  '0003-mcp-servers': mcpServers,
  '0004-social-chat': socialChat,
  '0005-chat-files': chatFiles,
  '0006-message-revisions': messageRevisions,
  '0007-consent': consent,
  '0008-file-lifetimes': fileLifetimes,
  '0009-user-roles': userRoles,
  '0010-ai-history': aiHistory,
  '0011-ai-history-search': aiHistorySearch,
  '0012-ai-provider-settings': aiProviderSettings,
  '0013-ai-message-parents': aiMessageParents,
  '0014-message-extras': messageExtras,
  '0015-web-push': webPush,
  '0016-identity': identity,
  '0017-link-previews': linkPreviews,
  '0018-ai-messages': aiMessages,
  '0019-ai-consent': aiConsent,
  '0020-mcp-oauth': mcpOAuth,
  '0021-mcp-oauth-flow-redirect': mcpOAuthFlowRedirect,
};
