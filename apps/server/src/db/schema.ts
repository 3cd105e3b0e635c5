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
  created_at: number;
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
}

/** The active switch of a server from the operator's file, set by an administrator. */
export interface McpFileServerStatesTable {
  key: string;
  active: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  mcp_servers: McpServersTable;
  mcp_file_server_states: McpFileServerStatesTable;
}

export type Engine = 'sqlite' | 'postgres';
