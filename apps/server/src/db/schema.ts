import type { Generated } from 'kysely';
import type { Role } from '@confab/protocol/auth';

/**
 * Table types for Kysely. Times are epoch milliseconds (bigint in PostgreSQL, integer in
 * SQLite); booleans are 0/1 integers so one set of migrations serves both engines.
 */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key, so "Alice" and "alice" are one account. */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  /** 'user' unless the operator granted 'admin' (migration 0007). */
  role: Generated<Role>;
  created_at: number;
  updated_at: number;
  /** Cleaned (docs/product.md#identity); null shows the username. Migration 0016. */
  display_name: Generated<string | null>;
  /** When the avatar was stored, its address's version; null without one. */
  avatar_version: Generated<number | null>;
  /** When the user's last socket went away (epoch ms); null if never seen. */
  last_seen_at: Generated<number | null>;
}

export interface UserAvatarsTable {
  user_id: string;
  mime_type: string;
  bytes: Buffer;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
}

export type FriendRequestStatus = 'pending' | 'accepted' | 'rejected' | 'blocked';

/** One row per pair of users, whichever direction (`pair_key` is unique). */
export interface FriendRequestsTable {
  id: string;
  sender_id: string;
  receiver_id: string;
  /** "{smaller user id}:{larger user id}". */
  pair_key: string;
  status: FriendRequestStatus;
  /** The user who blocked, while status is blocked. */
  blocked_by: string | null;
  /** While blocked: the status an unblock gives back; null removes the request. */
  unblock_to: Exclude<FriendRequestStatus, 'blocked'> | null;
  /** The e-mail the sender addressed the request to, shown to them until it is accepted. */
  addressed_as: string | null;
  created_at: number;
  updated_at: number;
}

/** An MCP server added by an administrator (remote transports only). */
export interface McpServersTable {
  key: string;
  name: string;
  description: string;
  transport_type: 'streamable-http' | 'sse';
  url: string;
  /** JSON object of header names to values. */
  headers: string;
  approval_policy: string;
  active: number;
  created_at: number;
  updated_at: number;
  /** Sealed JSON of the server's OAuth settings (migration 0020); null: no OAuth. */
  auth: string | null;
}

/** Confab's registration with an OAuth server's authorization server (sealed JSON). */
export interface McpOAuthClientsTable {
  server_key: string;
  redirect_uri: string;
  client: string;
  created_at: number;
}

/** One user's tokens for one OAuth server (sealed JSON); `state` connected or expired. */
export interface McpOAuthTokensTable {
  user_id: string;
  server_key: string;
  tokens: string;
  state: string;
  updated_at: number;
}

/** A user's own MCP server (remote only; header values sealed). */
export interface McpPersonalServersTable {
  owner_id: string;
  key: string;
  name: string;
  description: string;
  transport_type: string;
  url: string;
  headers: string;
  approval_policy: string;
  created_at: number;
}

/** Settings of the tool service administrators change (`personal_servers`: on or off). */
export interface McpSettingsTable {
  name: string;
  value: string;
  updated_at: number;
}

/** A sign-in under way: its single-use state, bound to the user, with the PKCE verifier. */
export interface McpOAuthFlowsTable {
  state: string;
  user_id: string;
  server_key: string;
  verifier: string;
  /** The redirect URI the sign-in started with (migration 0021). */
  redirect_uri: string;
  discovery: string;
  expires_at: number;
}

export interface ChatsTable {
  id: string;
  /** 'private' for a one-to-one chat. */
  type: string;
  /** The sorted pair of user ids of a private chat, so a pair has one chat; null otherwise. */
  pair_key: string | null;
  /** The highest message `seq` of the chat (0 when empty). */
  last_seq: Generated<number>;
  /** The highest message `revision` of the chat: edits and deletions count up from 0. */
  last_revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A participant of a chat, with their own view of it (docs/product.md#chat-toggles). */
export interface ChatParticipantsTable {
  chat_id: string;
  user_id: string;
  joined_at: number;
  /** Messages of the other participant after `last_read_seq`, deleted ones excepted. */
  unread: Generated<number>;
  last_read_seq: Generated<number>;
  pinned: Generated<number>;
  /** While pinned: the number of pinned chats when this one was pinned. */
  pinned_order: number | null;
  archived: Generated<number>;
  muted: Generated<number>;
  /** This participant blocked the chat: nobody sends into it. */
  blocked: Generated<number>;
  /** Deleted from this participant's list; a new message brings it back. */
  hidden: Generated<number>;
  nickname: string | null;
  /** "AI in this chat" is on for this participant (migration 0019). */
  ai_enabled: Generated<number>;
}

export type ContentTypeColumn = 'text' | 'image' | 'file';

export interface MessagesTable {
  id: string;
  chat_id: string;
  /** 1, 2, 3, ... per chat, with no gap: the order everyone sees. */
  seq: number;
  sender_id: string;
  /** Unique per sender: a retried send finds the original. */
  client_id: string;
  content: string;
  content_type: ContentTypeColumn;
  /** JSON of the protocol's Attachment, as it was when sent; null for text. */
  attachment: string | null;
  created_at: number;
  edited_at: number | null;
  deleted: Generated<number>;
  /** The chat's revision of this message's last edit or deletion; 0 if never changed. */
  revision: Generated<number>;
  /** The message of the same chat this one answers (migration 0014). */
  reply_to_id: string | null;
  /** JSON of the protocol's ForwardMark on a forwarded copy; null otherwise. */
  forward: string | null;
  /**
   * JSON of the protocol's AiMessagePayload on an AI message (migration 0018), whose
   * content_type stays 'text'; null on every other.
   */
  ai_payload: string | null;
}

/** One user's emoji on one message (migration 0014). */
export interface MessageReactionsTable {
  message_id: string;
  chat_id: string;
  user_id: string;
  emoji: string;
  created_at: number;
}

/** A message one user deleted for themselves only (migration 0014). */
export interface HiddenMessagesTable {
  user_id: string;
  message_id: string;
  chat_id: string;
  seq: number;
  created_at: number;
}

/** A file uploaded into a chat; its bytes are at `DATA_DIR/uploads/{storage_path}`. */
export interface ChatFilesTable {
  id: string;
  chat_id: string;
  uploader_id: string;
  /** The name the uploader's browser gave, shown and offered on download (never a path). */
  original_name: string;
  /** Detected from the content, not taken from the client. */
  mime_type: string;
  size: number;
  /** Relative to the uploads folder. */
  storage_path: string;
  created_at: number;
  /** When a send first named the file; null while none has (see migration 0007). */
  sent_at: number | null;
  /** 1 once the sweep has seen a stored message carrying the file. */
  carried: Generated<number>;
}

/** The active switch of a server from the operator's file, set by an administrator. */
export interface McpFileServerStatesTable {
  key: string;
  active: number;
  updated_at: number;
}

/** An account's AI history settings (migration 0010); created on its first push. */
export interface AiHistoryAccountsTable {
  user_id: string;
  mode: Generated<'synced' | 'device'>;
  /** The account's latest revision: every applied change takes the next one. */
  revision: Generated<number>;
  /** Sum of `size` of the account's live chats and messages. */
  used_bytes: Generated<number>;
}

/** An AI chat as a device pushed it; a tombstone (deleted 1, data null) once deleted. */
export interface AiChatsTable {
  user_id: string;
  /** The device's id, unique within the account. */
  id: string;
  /** The account revision of the chat's last change. */
  revision: number;
  deleted: Generated<number>;
  /** JSON of the protocol's synced chat; null once deleted. */
  data: string | null;
  /** Bytes of `data` (UTF-8); 0 once deleted. */
  size: Generated<number>;
}

/** An AI chat's message, like AiChatsTable; removed outright when its chat is deleted. */
export interface AiMessagesTable {
  user_id: string;
  id: string;
  chat_id: string;
  revision: number;
  deleted: Generated<number>;
  data: string | null;
  size: Generated<number>;
  /** The message's createdAt. */
  created_at: Generated<number>;
  /** The message it follows in its chat (migration 0013); null for a first one or a tombstone. */
  parent_id: Generated<string | null>;
  /** Prompt and reply, case-folded, for search (null once deleted); the repository writes it. */
  search_text: Generated<string | null>;
  /** (PostgreSQL only) The search text's distinct characters and pairs of characters. */
  search_grams?: Generated<string[] | null>;
}

/** An account's synced provider settings (migration 0012): one row, replaced by each PUT. */
export interface AiProviderSettingsTable {
  user_id: string;
  /** JSON of the protocol's synced settings: no API key. */
  settings: string;
  /** JSON of the keys sealed in the browser, as sent; null when key sync is off. */
  sealed_keys: string | null;
  /** Milliseconds since the epoch of the last write. */
  updated_at: number;
}

/** A page's preview as last fetched (migration 0017); all texts null: the page had none. */
export interface LinkPreviewsTable {
  /** SHA-256 (hex) of `url`. */
  id: string;
  url: string;
  title: string | null;
  description: string | null;
  site_name: string | null;
  image_type: string | null;
  /** The image's bytes in base64, as our server serves them. */
  image_data: string | null;
  fetched_at: number;
}

/** The site's VAPID key pair (one row, id `vapid`); the private key sealed (SecretBox). */
export interface PushKeysTable {
  id: string;
  /** base64url of the uncompressed P-256 public key. */
  public_key: string;
  /** The base64url private key, sealed with the site's secret key. */
  private_key: string;
  created_at: number;
}

/** One device's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  user_avatars: UserAvatarsTable;
  sessions: SessionsTable;
  friend_requests: FriendRequestsTable;
  chats: ChatsTable;
  chat_participants: ChatParticipantsTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  hidden_messages: HiddenMessagesTable;
  mcp_servers: McpServersTable;
  mcp_file_server_states: McpFileServerStatesTable;
  mcp_oauth_clients: McpOAuthClientsTable;
  mcp_oauth_tokens: McpOAuthTokensTable;
  mcp_oauth_flows: McpOAuthFlowsTable;
  mcp_personal_servers: McpPersonalServersTable;
  mcp_settings: McpSettingsTable;
  chat_files: ChatFilesTable;
  ai_history_accounts: AiHistoryAccountsTable;
  ai_chats: AiChatsTable;
  ai_messages: AiMessagesTable;
  ai_provider_settings: AiProviderSettingsTable;
  link_previews: LinkPreviewsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
}

export type Engine = 'sqlite' | 'postgres';
