import type { SessionUser } from '@confab/protocol/auth';
import type {
  McpCallBody,
  McpCallReply,
  McpConfigReply,
  McpServer,
  McpServerInput,
  McpToolsQuery,
  McpToolsReply,
} from '@confab/protocol/mcp';
import {
  definitionsFromPutConfig,
  type McpPutConfigBody,
  type McpServerDefinition,
} from '@confab/protocol/mcp-config-file';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
} from '../lib/app-error';
import { isUniqueViolation } from '../db/errors';
import { invalidArgs } from '../mcp/args-validator';
import { readMcpConfigFile, type LoadedConfigFile } from '../mcp/config-file';
import type { McpConnection } from '../mcp/connection';
import type { McpHost, WantedServer } from '../mcp/host';
import { toCallError, toCallReply } from '../mcp/call-result';
import { urlRefusal } from '../mcp/url-guard';
import type {
  AdminServerDefinition,
  McpServerRepository,
} from '../repositories/mcp-server.repository';

export interface McpServiceOptions {
  servers: McpServerRepository;
  host: McpHost;
  configFilePath: string;
  callTimeoutMs: number;
  resultMaxBytes: number;
  connectTimeoutMs: number;
  allowLinkLocalUrls: boolean;
  now?: () => number;
}

type Server = McpServerDefinition & { source: 'file' | 'admin' };

interface Snapshot {
  servers: Server[];
  /** Problems to show administrators beside the file's own. */
  notes: string[];
}

function requireUser(user: SessionUser | null): asserts user is SessionUser {
  if (!user) throw unauthenticated();
}

function requireAdmin(user: SessionUser | null): asserts user is SessionUser {
  requireUser(user);
  if (user.role !== 'admin') throw forbidden('Only an administrator can change MCP servers');
}

const wanted = (server: Server | AdminServerDefinition): WantedServer => ({
  key: server.key,
  transport: server.transport,
  guarded: !('source' in server) || server.source === 'admin',
});

/**
 * The tool service. Every signed-in user lists and calls the tools of active servers;
 * administrators add, change, activate and deactivate them. Stdio servers come only from the
 * operator's file: nothing here can start a program.
 *
 * The database is the truth shared by every node: each request reads it (two small queries) and
 * brings this node's connections in line before it answers.
 */
export class McpService {
  private file: LoadedConfigFile;
  private readonly now: () => number;

  constructor(private readonly options: McpServiceOptions) {
    this.file = { path: options.configFilePath, found: false, servers: [], problems: [] };
    this.now = options.now ?? Date.now;
  }

  /** At app start: reads the operator's file and connects the active servers. */
  async start(): Promise<void> {
    this.file = await readMcpConfigFile(this.options.configFilePath);
    await this.sync();
  }

  async close(): Promise<void> {
    await this.options.host.close();
  }

  /** `GET /api/mcp/init`: re-reads the operator's file, then answers like getConfig. */
  async init(user: SessionUser | null): Promise<McpConfigReply> {
    requireUser(user);
    this.file = await readMcpConfigFile(this.options.configFilePath);
    const snapshot = await this.sync();
    await this.settle(snapshot.servers.filter((server) => server.active));
    return this.configReply(user, snapshot);
  }

  async getConfig(user: SessionUser | null): Promise<McpConfigReply> {
    requireUser(user);
    return this.configReply(user, await this.sync());
  }

  async tools(user: SessionUser | null, query: McpToolsQuery): Promise<McpToolsReply> {
    requireUser(user);
    const { servers } = await this.sync();
    if (query.server) {
      const server = this.activeServer(servers, query.server);
      return { tools: toolsOf(server.key, await this.connected(server)) };
    }
    const active = servers.filter((server) => server.active);
    await this.settle(active);
    return {
      tools: active.flatMap((server) => {
        const connection = this.options.host.connection(server.key);
        return connection?.status === 'connected' ? toolsOf(server.key, connection) : [];
      }),
    };
  }

  async call(
    user: SessionUser | null,
    body: McpCallBody,
    signal?: AbortSignal,
  ): Promise<McpCallReply> {
    requireUser(user);
    const { servers } = await this.sync();
    const server = this.activeServer(servers, body.client);
    const connection = await this.connected(server);
    const tool = connection.tools.find((candidate) => candidate.name === body.name);
    if (!tool) throw notFound(`MCP server "${server.key}" has no tool "${body.name}"`);
    const fields = invalidArgs(tool.inputSchema, body.args);
    if (fields) {
      const [field, message] = Object.entries(fields)[0] ?? ['args', 'is not valid'];
      throw badRequest(`${field}: ${message}`, fields);
    }
    const started = performance.now();
    try {
      const result = await connection.callTool(tool.name, body.args, {
        timeoutMs: this.options.callTimeoutMs,
        signal,
      });
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      return toCallReply(result, {
        server: server.key,
        tool: tool.name,
        durationMs,
        maxBytes: this.options.resultMaxBytes,
      });
    } catch (error) {
      throw toCallError(error, server.key, tool.name);
    }
  }

  async addServer(user: SessionUser | null, input: McpServerInput): Promise<McpServer> {
    requireAdmin(user);
    const definition = adminDefinition(input);
    const { servers } = await this.sync();
    if (servers.some((server) => server.key === definition.key)) throw taken(definition.key);
    await this.checkUrl(definition.transport.url, 'transport.url');
    const probe = definition.active ? await this.probe(definition) : null;
    try {
      await this.options.servers.insertAdminServer(definition, this.now());
    } catch (error) {
      await probe?.close();
      if (isUniqueViolation(error)) throw taken(definition.key);
      throw error;
    }
    if (probe) this.options.host.adopt(wanted(definition), probe);
    return this.serverView(user, await this.sync(), definition.key);
  }

  async updateServer(user: SessionUser | null, input: McpServerInput): Promise<McpServer> {
    requireAdmin(user);
    const { servers } = await this.sync();
    const current = servers.find((server) => server.key === input.key);
    if (!current) throw unknownServer(input.key);
    if (current.source === 'file') throw fileServerConflict(input.key);
    const definition = adminDefinition(input);
    await this.checkUrl(definition.transport.url, 'transport.url');
    const transportChanged =
      JSON.stringify(current.transport) !== JSON.stringify(definition.transport);
    const probe = definition.active && transportChanged ? await this.probe(definition) : null;
    const updated = await this.options.servers.updateAdminServer(definition, this.now());
    if (!updated) {
      await probe?.close();
      throw unknownServer(input.key);
    }
    if (probe) this.options.host.adopt(wanted(definition), probe);
    return this.serverView(user, await this.sync(), definition.key);
  }

  async setActive(user: SessionUser | null, key: string, active: boolean): Promise<McpServer> {
    requireAdmin(user);
    const { servers } = await this.sync();
    const server = servers.find((candidate) => candidate.key === key);
    if (!server) throw unknownServer(key);
    if (server.source === 'file') {
      await this.options.servers.setFileServerActive(key, active, this.now());
    } else {
      await this.options.servers.setAdminServerActive(key, active, this.now());
    }
    const snapshot = await this.sync();
    if (active) await this.settle(snapshot.servers.filter((candidate) => candidate.key === key));
    return this.serverView(user, snapshot, key);
  }

  /** Replaces every server added through the API with the body's (remote only). */
  async putConfig(user: SessionUser | null, body: McpPutConfigBody): Promise<McpConfigReply> {
    requireAdmin(user);
    const definitions = definitionsFromPutConfig(body) as AdminServerDefinition[];
    const { servers } = await this.sync();
    const fileKeys = new Set(servers.filter((s) => s.source === 'file').map((s) => s.key));
    const clashes = definitions.filter((definition) => fileKeys.has(definition.key));
    if (clashes.length > 0) {
      const fields = Object.fromEntries(
        clashes.map((d) => [`mcpServers.${d.key}`, "is defined in the operator's file"]),
      );
      throw conflict(
        `${clashes.map((d) => `"${d.key}"`).join(', ')} ${clashes.length === 1 ? 'is' : 'are'} defined in the operator's file (mcp.json) and cannot be replaced through the API`,
        fields,
      );
    }
    for (const definition of definitions) {
      await this.checkUrl(definition.transport.url, `mcpServers.${definition.key}.url`);
    }
    const previous = new Map(servers.map((server) => [server.key, server]));
    const changed = definitions.filter((definition) => {
      const before = previous.get(definition.key);
      return (
        definition.active &&
        (!before || JSON.stringify(before.transport) !== JSON.stringify(definition.transport))
      );
    });
    const probes = await Promise.allSettled(
      changed.map((definition) => this.options.host.probe(wanted(definition))),
    );
    const failures = probes.flatMap((probe, index) =>
      probe.status === 'rejected' ? [`"${changed[index]?.key}": ${reasonOf(probe.reason)}`] : [],
    );
    if (failures.length > 0) {
      const opened = probes.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
      await Promise.all(opened.map((connection) => connection.close()));
      throw new AppError(
        502,
        'BAD_GATEWAY',
        `Nothing was saved: could not connect to ${failures.join('; ')}`,
      );
    }
    await this.options.servers.replaceAdminServers(definitions, this.now());
    probes.forEach((probe, index) => {
      const definition = changed[index];
      if (probe.status === 'fulfilled' && definition) {
        this.options.host.adopt(wanted(definition), probe.value);
      }
    });
    const snapshot = await this.sync();
    await this.settle(snapshot.servers.filter((server) => server.active));
    return this.configReply(user, snapshot);
  }

  /** Reads the shared state and brings this node's connections in line with it. */
  private async sync(): Promise<Snapshot> {
    const [admins, states] = await Promise.all([
      this.options.servers.listAdminServers(),
      this.options.servers.fileServerStates(),
    ]);
    const fileKeys = new Set(this.file.servers.map((server) => server.key));
    const servers: Server[] = [
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

  private settle(servers: Server[]): Promise<void> {
    return this.options.host.settle(
      servers.map((server) => server.key),
      this.options.connectTimeoutMs,
    );
  }

  private activeServer(servers: Server[], key: string): Server {
    const server = servers.find((candidate) => candidate.key === key);
    if (!server) throw unknownServer(key);
    if (!server.active) throw conflict(`MCP server "${key}" is not active`);
    return server;
  }

  private async connected(server: Server): Promise<McpConnection> {
    const connection = this.options.host.connection(server.key);
    await connection?.whenSettled(this.options.connectTimeoutMs);
    if (connection?.status === 'connected') return connection;
    const reason = connection?.error ?? 'it is still starting';
    throw new AppError(502, 'BAD_GATEWAY', `MCP server "${server.key}" is unavailable: ${reason}`);
  }

  private async checkUrl(url: string, field: string): Promise<void> {
    if (this.options.allowLinkLocalUrls) return;
    const refusal = await urlRefusal(url);
    if (refusal) throw badRequest(`${field}: ${refusal}`, { [field]: refusal });
  }

  /** Tries the server before it is saved: a URL that does not answer changes nothing. */
  private async probe(definition: AdminServerDefinition): Promise<McpConnection> {
    try {
      return await this.options.host.probe(wanted(definition));
    } catch (error) {
      throw new AppError(
        502,
        'BAD_GATEWAY',
        `Could not connect to the MCP server at ${definition.transport.url}; nothing was saved: ${reasonOf(error)}`,
      );
    }
  }

  private configReply(user: SessionUser, snapshot: Snapshot): McpConfigReply {
    const admin = user.role === 'admin';
    return {
      servers: snapshot.servers
        .filter((server) => admin || server.active)
        .map((server) => this.view(user, server)),
      file: {
        path: admin ? this.file.path : null,
        found: this.file.found,
        problems: admin ? [...this.file.problems, ...snapshot.notes] : [],
      },
      limits: {
        callTimeoutMs: this.options.callTimeoutMs,
        resultMaxBytes: this.options.resultMaxBytes,
      },
    };
  }

  private serverView(user: SessionUser, snapshot: Snapshot, key: string): McpServer {
    const server = snapshot.servers.find((candidate) => candidate.key === key);
    if (!server) throw unknownServer(key);
    return this.view(user, server);
  }

  private view(user: SessionUser, server: Server): McpServer {
    const connection = server.active ? this.options.host.connection(server.key) : undefined;
    const status = !server.active
      ? 'inactive'
      : !connection || connection.status === 'closed'
        ? 'connecting'
        : connection.status;
    return {
      key: server.key,
      name: server.name,
      description: server.description,
      source: server.source,
      transportType: server.transport.type,
      transport: user.role === 'admin' ? server.transport : null,
      approvalPolicy: server.approvalPolicy,
      active: server.active,
      status,
      error: status === 'error' ? (connection?.error ?? null) : null,
      toolCount: status === 'connected' && connection ? connection.tools.length : null,
    };
  }
}

function adminDefinition(input: McpServerInput): AdminServerDefinition {
  return {
    key: input.key,
    name: input.name || input.key,
    description: input.description,
    transport: input.transport,
    approvalPolicy: input.approvalPolicy,
    active: input.active,
  };
}

function toolsOf(server: string, connection: McpConnection): McpToolsReply['tools'] {
  return connection.tools.map((tool) => ({
    server,
    name: tool.name,
    ...(tool.title && { title: tool.title }),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  }));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const unknownServer = (key: string) => notFound(`No MCP server "${key}"`);
const taken = (key: string) =>
  conflict(`An MCP server with key "${key}" already exists`, { key: 'is taken' });
const fileServerConflict = (key: string) =>
  conflict(
    `MCP server "${key}" is defined in the operator's file (mcp.json): change it there; administrators can only activate or deactivate it`,
  );
