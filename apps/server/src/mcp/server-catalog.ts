import { mcpUnavailableToUsers, type McpConfigReply, type McpServer } from '@confab/protocol/mcp';
import type { McpOAuthConnectionState } from '@confab/protocol/mcp-oauth';
import type { McpServerDefinition } from '@confab/protocol/mcp-config-file';
import type {
  AdminServerDefinition,
  McpOAuthSettings,
  McpServerRepository,
} from '../repositories/mcp-server.repository';
import type { OAuthTokenState } from '../repositories/mcp-oauth.repository';
import { readMcpConfigFile, type LoadedConfigFile } from './config-file';
import type { ConnectionLogger, McpConnection } from './connection';
import type { McpHost, WantedServer } from './host';
import { redactUrlsIn } from './redact-url';

/** A server from either source: the operator's file or the API (`auth`: each user signs in). */
export type CatalogServer = McpServerDefinition & {
  source: 'file' | 'admin' | 'personal';
  auth?: McpOAuthSettings | null;
};

/** Who looks at the servers: their own OAuth connections change what they see. */
export interface Viewer {
  admin: boolean;
  userId: string;
  states: Map<string, OAuthTokenState>;
}

export const needsConnectMessage = 'Connect your account to use this server';
export const expiredMessage = 'Your sign-in to this server expired or was revoked: connect again';

export interface Snapshot {
  servers: CatalogServer[];
  /** Problems to show administrators beside the file's own. */
  notes: string[];
}

export const wanted = (server: CatalogServer | AdminServerDefinition): WantedServer => ({
  key: server.key,
  transport: server.transport,
  guard: !('source' in server)
    ? 'admin'
    : server.source === 'file'
      ? 'none'
      : server.source === 'personal'
        ? 'public'
        : 'admin',
  ...((server.auth || ('source' in server && server.source === 'personal')) && { perUser: true }),
  ...('source' in server && server.source === 'personal' && { personal: true }),
});

/** The viewer's connection to a server where each user signs in. */
export function connectionStateOf(viewer: Viewer, key: string): McpOAuthConnectionState {
  const state = viewer.states.get(key);
  return state === 'connected' ? 'connected' : state === 'expired' ? 'expired' : 'needs-connect';
}

interface CatalogOptions {
  servers: McpServerRepository;
  host: McpHost;
  configFilePath: string;
  connectTimeoutMs: number;
  limits: McpConfigReply['limits'];
  log: ConnectionLogger;
}

/**
 * Every server this node knows: the operator's file (read at start and on init) and the
 * database (the truth shared by every node, read on each request). Reading it brings this
 * node's connections in line; the views say what a user or an administrator may see of them.
 */
export class McpServerCatalog {
  private file: LoadedConfigFile;

  constructor(private readonly options: CatalogOptions) {
    this.file = { path: options.configFilePath, found: false, servers: [], problems: [] };
  }

  async reloadFile(): Promise<void> {
    const before = this.file.problems;
    this.file = await readMcpConfigFile(this.options.configFilePath);
    // Each problem is logged once, when it appears (init re-reads the file on every visit).
    for (const problem of this.file.problems.filter((text) => !before.includes(text))) {
      this.options.log.warn(
        { file: this.file.path, problem: redactUrlsIn(problem) },
        'An entry of the MCP file was refused; that server is not started',
      );
    }
  }

  /** Reads the shared state and brings this node's connections in line with it. */
  async sync(): Promise<Snapshot> {
    const [admins, states] = await Promise.all([
      this.options.servers.listAdminServers(),
      this.options.servers.fileServerStates(),
    ]);
    const fileKeys = new Set(this.file.servers.map((server) => server.key));
    const servers: CatalogServer[] = [
      ...this.file.servers.map((server) => ({
        ...server,
        source: 'file' as const,
        active: states.get(server.key) ?? server.active,
      })),
      ...admins
        .filter((server) => !fileKeys.has(server.key))
        .map((server) => ({ ...server, source: 'admin' as const })),
    ];
    const notes = admins
      .filter((server) => fileKeys.has(server.key))
      .map(
        (server) =>
          `"${server.key}": an administrator added a server with this key too; the file's definition is used`,
      );
    this.options.host.reconcile(servers.filter((server) => server.active).map(wanted));
    return { servers, notes };
  }

  /**
   * `sync` for the one server a call needs: a single small query on the hot path of tool calls
   * (what the other nodes changed still counts at once).
   */
  async syncOne(key: string): Promise<CatalogServer[]> {
    const fromFile = this.file.servers.find((server) => server.key === key);
    let server: CatalogServer | undefined;
    if (fromFile) {
      const active = await this.options.servers.fileServerActive(key);
      server = { ...fromFile, source: 'file', active: active ?? fromFile.active };
    } else {
      const added = await this.options.servers.findAdminServer(key);
      server = added && { ...added, source: 'admin' };
    }
    this.options.host.reconcileOne(key, server?.active ? wanted(server) : null);
    return server ? [server] : [];
  }

  settle(servers: CatalogServer[]): Promise<void> {
    return this.options.host.settle(
      servers.map((server) => server.key),
      this.options.connectTimeoutMs,
    );
  }

  configReply(viewer: Viewer, snapshot: Snapshot): McpConfigReply {
    const { admin } = viewer;
    return {
      servers: snapshot.servers
        .filter((server) => admin || server.active)
        .map((server) => this.view(viewer, server)),
      file: {
        path: admin ? this.file.path : null,
        found: this.file.found,
        problems: admin ? [...this.file.problems, ...snapshot.notes] : [],
      },
      limits: this.options.limits,
    };
  }

  serverView(viewer: Viewer, snapshot: Snapshot, key: string): McpServer | null {
    const server = snapshot.servers.find((candidate) => candidate.key === key);
    if (!server) return null;
    return this.view(viewer, server);
  }

  view(viewer: Viewer, server: CatalogServer): McpServer {
    if (server.auth) return this.perUserView(viewer, server, server.auth);
    const { admin } = viewer;
    const connection = server.active ? this.options.host.connection(server.key) : undefined;
    const status = !server.active
      ? 'inactive'
      : !connection || connection.status === 'closed'
        ? 'connecting'
        : connection.status === 'connecting' && connection.lastFailure
          ? 'error'
          : connection.status;
    return {
      key: server.key,
      name: server.name,
      description: server.description,
      source: server.source,
      transportType: server.transport.type,
      transport: admin ? server.transport : null,
      approvalPolicy: server.approvalPolicy,
      active: server.active,
      status,
      error: status === 'error' && connection ? failureFor(admin, connection) : null,
      toolCount: status === 'connected' && connection ? connection.tools.length : null,
    };
  }

  /**
   * A server where each user signs in, as the viewer sees it: the status of their own
   * connection, "connect" or "expired" as the reason it is not connected.
   */
  private perUserView(viewer: Viewer, server: CatalogServer, auth: McpOAuthSettings): McpServer {
    const { admin } = viewer;
    const state = connectionStateOf(viewer, server.key);
    const connection =
      server.active && state === 'connected'
        ? this.options.host.existingUserConnection(server.key, viewer.userId)
        : undefined;
    const status = !server.active
      ? 'inactive'
      : state !== 'connected'
        ? 'error'
        : !connection || connection.status === 'closed'
          ? 'connecting'
          : connection.status;
    const error =
      status !== 'error'
        ? null
        : state === 'needs-connect'
          ? needsConnectMessage
          : state === 'expired'
            ? expiredMessage
            : connection
              ? failureFor(admin, connection)
              : null;
    return {
      key: server.key,
      name: server.name,
      description: server.description,
      source: server.source,
      transportType: server.transport.type,
      transport: admin ? server.transport : null,
      approvalPolicy: server.approvalPolicy,
      active: server.active,
      status,
      error,
      toolCount: status === 'connected' && connection ? connection.tools.length : null,
      auth: admin
        ? {
            type: 'oauth',
            clientId: auth.clientId ?? null,
            scopes: auth.scopes ?? null,
            hasClientSecret: Boolean(auth.clientSecret),
          }
        : null,
      connection: state,
    };
  }
}

/**
 * Why a server failed, as the viewer may see it: administrators get the status and a program's
 * last output, everyone else that it is unavailable (the reason can carry secrets).
 */
function failureFor(admin: boolean, connection: McpConnection): string {
  if (!admin) return mcpUnavailableToUsers;
  const failed = connection.status === 'error' ? connection : connection.lastFailure;
  const reason = failed?.error ?? 'The server is not connected';
  return failed?.output ? `${reason}. Its last output:\n${failed.output}` : reason;
}
