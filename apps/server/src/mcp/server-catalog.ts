import { mcpUnavailableToUsers, type McpConfigReply, type McpServer } from '@confab/protocol/mcp';
import type { McpServerDefinition } from '@confab/protocol/mcp-config-file';
import type {
  AdminServerDefinition,
  McpServerRepository,
} from '../repositories/mcp-server.repository';
import { readMcpConfigFile, type LoadedConfigFile } from './config-file';
import type { ConnectionLogger, McpConnection } from './connection';
import type { McpHost, WantedServer } from './host';
import { redactUrlsIn } from './redact-url';

/** A server from either source: the operator's file or the API. */
export type CatalogServer = McpServerDefinition & { source: 'file' | 'admin' };

export interface Snapshot {
  servers: CatalogServer[];
  /** Problems to show administrators beside the file's own. */
  notes: string[];
}

export const wanted = (server: CatalogServer | AdminServerDefinition): WantedServer => ({
  key: server.key,
  transport: server.transport,
  guarded: !('source' in server) || server.source === 'admin',
});

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

  configReply(admin: boolean, snapshot: Snapshot): McpConfigReply {
    return {
      servers: snapshot.servers
        .filter((server) => admin || server.active)
        .map((server) => this.view(admin, server)),
      file: {
        path: admin ? this.file.path : null,
        found: this.file.found,
        problems: admin ? [...this.file.problems, ...snapshot.notes] : [],
      },
      limits: this.options.limits,
    };
  }

  serverView(admin: boolean, snapshot: Snapshot, key: string): McpServer | null {
    const server = snapshot.servers.find((candidate) => candidate.key === key);
    if (!server) return null;
    return this.view(admin, server);
  }

  view(admin: boolean, server: CatalogServer): McpServer {
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
