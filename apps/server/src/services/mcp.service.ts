import type { SessionUser } from '@confab/protocol/auth';
import type {
  McpCallBody,
  McpCallReply,
  McpConfigReply,
  McpOfferReply,
  McpServer,
  McpServerInput,
  McpToolsQuery,
  McpToolsReply,
} from '@confab/protocol/mcp';
import type {
  McpGetPromptBody,
  McpGetPromptReply,
  McpPromptsReply,
  McpReadResourceBody,
  McpReadResourceReply,
  McpResourcesQuery,
  McpResourcesReply,
} from '@confab/protocol/mcp-prompts';
import { definitionsFromPutConfig, type McpPutConfigBody } from '@confab/protocol/mcp-config-file';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../lib/app-error';
import { isUniqueViolation } from '../db/errors';
import { SecretBoxError } from '../lib/secret-box';
import { invalidArgs } from '../mcp/args-validator';
import { toCallError, toCallReply, unavailable } from '../mcp/call-result';
import type { McpHost } from '../mcp/host';
import type { McpInputBroker } from '../mcp/input-broker';
import { McpServerError, type ConnectionLogger, type McpConnection } from '../mcp/connection';
import {
  getPrompt,
  listPrompts,
  listResources,
  OversizedError,
  promptArguments,
  readResource,
} from '../mcp/prompts-resources';
import {
  McpServerCatalog,
  connectionStateOf,
  expiredMessage,
  needsConnectMessage,
  wanted,
  type CatalogServer,
  type Snapshot,
  type Viewer,
} from '../mcp/server-catalog';
import { McpOAuth, type OAuthCallbackResult } from '../mcp/oauth';
import { PersonalServers, isPersonalKey } from '../mcp/personal-servers';
import type { McpPersonalRepository } from '../repositories/mcp-personal.repository';
import { reservedKeyProblem, type McpPersonalPolicy } from '@confab/protocol/mcp-personal';
import type { McpOAuthRepository } from '../repositories/mcp-oauth.repository';
import type {
  McpOAuthCallbackQuery,
  McpOAuthDisconnectReply,
  McpOAuthStartReply,
} from '@confab/protocol/mcp-oauth';
import { urlRefusal } from '../mcp/url-guard';
import { personalUrlRefusal } from '../mcp/personal-url-guard';
import type {
  AdminServerDefinition,
  McpServerRepository,
} from '../repositories/mcp-server.repository';

export interface McpServiceOptions {
  servers: McpServerRepository;
  host: McpHost;
  /** Puts servers' questions during a call to the user who made it. */
  input?: McpInputBroker;
  configFilePath: string;
  callTimeoutMs: number;
  resultMaxBytes: number;
  connectTimeoutMs: number;
  allowLinkLocalUrls: boolean;
  /** Users' own servers may use loopback and private addresses (tests and closed networks). */
  allowPrivatePersonalUrls?: boolean;
  log: ConnectionLogger;
  now?: () => number;
  /** Users' OAuth sign-ins to servers that want them. */
  oauth: McpOAuthRepository;
  /** Longest any one request to an authorization server may take. */
  oauthTimeoutMs: number;
  /** Confab's public origin for OAuth redirects; unset, OAuth sign-in is refused. */
  publicUrl?: string;
  /** Users' own servers and the policy that allows them. */
  personal: McpPersonalRepository;
}

function requireUser(user: SessionUser | null): asserts user is SessionUser {
  if (!user) throw unauthenticated();
}

function requireAdmin(user: SessionUser | null): asserts user is SessionUser {
  requireUser(user);
  if (user.role !== 'admin') throw forbidden('Only an administrator can change MCP servers');
}

const isAdmin = (user: SessionUser) => user.role === 'admin';

/**
 * The tool service. Every signed-in user lists and calls the tools of active servers;
 * administrators add, change, activate and deactivate them. Stdio servers come only from the
 * operator's file: nothing here can start a program. Every method checks access first.
 */
export class McpService {
  private readonly catalog: McpServerCatalog;
  private readonly now: () => number;
  private readonly oauth: McpOAuth;
  private readonly personal: PersonalServers;

  constructor(private readonly options: McpServiceOptions) {
    this.catalog = new McpServerCatalog({
      servers: options.servers,
      host: options.host,
      configFilePath: options.configFilePath,
      connectTimeoutMs: options.connectTimeoutMs,
      limits: { callTimeoutMs: options.callTimeoutMs, resultMaxBytes: options.resultMaxBytes },
      log: options.log,
    });
    this.now = options.now ?? Date.now;
    this.oauth = new McpOAuth({
      repository: options.oauth,
      host: options.host,
      timeoutMs: options.oauthTimeoutMs,
      publicUrl: options.publicUrl,
      now: this.now,
    });
    this.personal = new PersonalServers({
      repository: options.personal,
      host: options.host,
      now: this.now,
      checkUrl: (url, field) => this.checkPersonalUrl(url, field),
      probe: (server) => this.probe(server),
    });
  }

  /**
   * At app start, before serving: checks that the key opens every stored header value, then
   * seals those an older version stored in plain text. A wrong key stops the start with what
   * to do (a server sent garbage headers, or re-sealed with the wrong key, would be worse).
   */
  async prepareStoredSecrets(): Promise<void> {
    try {
      await this.options.servers.listAdminServers();
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new Error(
        `MCP header values in the database cannot be decrypted: ${error.message}. They were encrypted with another key: start with the key used before (CONFAB_SECRET_KEY, the same on every node, or the DATA_DIR/secret.key file of the first start). Nothing was changed.`,
        { cause: error },
      );
    }
    await this.options.servers.sealPlainHeaders();
  }

  /** At app start: reads the operator's file and connects the active servers. */
  async start(): Promise<void> {
    await this.catalog.reloadFile();
    await this.catalog.sync();
  }

  async close(): Promise<void> {
    await this.options.host.close();
  }

  /** `GET /api/mcp/init`: re-reads the operator's file, then answers like getConfig. */
  async init(user: SessionUser | null): Promise<McpConfigReply> {
    requireUser(user);
    await this.catalog.reloadFile();
    const snapshot = await this.catalog.sync();
    const viewer = await this.viewer(user);
    const own = await this.personal.of(user.id);
    const active = snapshot.servers.filter((server) => server.active);
    await this.catalog.settle(active);
    await this.settleOwn(viewer, [...active, ...own]);
    return this.withPersonal(user, this.catalog.configReply(viewer, snapshot), own);
  }

  async getConfig(user: SessionUser | null): Promise<McpConfigReply> {
    requireUser(user);
    const snapshot = await this.catalog.sync();
    const viewer = await this.viewer(user);
    const own = await this.personal.of(user.id);
    // The user's own connections open when they look: the status shown is the real one.
    await this.settleOwn(viewer, [...snapshot.servers.filter((server) => server.active), ...own]);
    return this.withPersonal(user, this.catalog.configReply(viewer, snapshot), own);
  }

  /** The config reply with the user's own servers and whether they may add more. */
  private async withPersonal(
    user: SessionUser,
    reply: McpConfigReply,
    own: CatalogServer[],
  ): Promise<McpConfigReply> {
    return {
      ...reply,
      servers: [...reply.servers, ...own.map((server) => this.personal.view(user.id, server))],
      personal: await this.personal.policy(user.id),
    };
  }

  /** `POST /api/mcp/personal/add`: a remote server of the user's own, tried before it is saved. */
  async addPersonal(user: SessionUser | null, input: McpServerInput): Promise<McpServer> {
    requireUser(user);
    const server = await this.personal.add(user.id, input);
    // Its connection opens now, so the reply shows it connected with its tools.
    await this.personal.connectionFor(user.id, server)?.whenSettled(this.options.connectTimeoutMs);
    return this.personal.view(user.id, server);
  }

  /** `POST /api/mcp/personal/remove`: one of the user's own servers. */
  async removePersonal(user: SessionUser | null, key: string): Promise<{ ok: true }> {
    requireUser(user);
    await this.personal.remove(user.id, key);
    return { ok: true };
  }

  /** `POST /api/mcp/personal/policy` (administrators): whether users may add their own. */
  async setPersonalPolicy(user: SessionUser | null, allowed: boolean): Promise<McpPersonalPolicy> {
    requireAdmin(user);
    await this.personal.setAllowed(allowed);
    return this.personal.policy(user.id);
  }

  async tools(user: SessionUser | null, query: McpToolsQuery): Promise<McpToolsReply> {
    requireUser(user);
    const servers = [...(await this.catalog.sync()).servers, ...(await this.personal.of(user.id))];
    if (query.server) {
      const server = this.activeServer(servers, query.server);
      return { tools: toolsOf(server.key, await this.connected(user, server)) };
    }
    return {
      tools: (await this.connectedActive(user, servers)).flatMap(([server, connection]) =>
        toolsOf(server.key, connection),
      ),
    };
  }

  /** `GET /api/mcp/offer`: the tools of the active servers with their policies, and the limits. */
  async offer(user: SessionUser | null): Promise<McpOfferReply> {
    requireUser(user);
    const servers = [...(await this.catalog.sync()).servers, ...(await this.personal.of(user.id))];
    return {
      tools: (await this.connectedActive(user, servers)).flatMap(([server, connection]) =>
        toolsOf(server.key, connection).map((tool) => ({
          ...tool,
          serverName: server.name,
          approvalPolicy: server.approvalPolicy,
        })),
      ),
      limits: {
        callTimeoutMs: this.options.callTimeoutMs,
        resultMaxBytes: this.options.resultMaxBytes,
      },
    };
  }

  /**
   * The active servers that are connected, once those still connecting have settled: the
   * shared ones, and those where each user signs in that this user connected to.
   */
  private async connectedActive(
    user: SessionUser,
    servers: CatalogServer[],
  ): Promise<Array<[CatalogServer, McpConnection]>> {
    const active = servers.filter((server) => server.active);
    const shared = active.filter((server) => !isOwn(server));
    const own = active.some(isOwn)
      ? await this.settleOwn(await this.viewer(user), active)
      : new Map<string, McpConnection>();
    await this.catalog.settle(shared);
    return active.flatMap((server): Array<[CatalogServer, McpConnection]> => {
      const connection = isOwn(server)
        ? own.get(server.key)
        : this.options.host.connection(server.key);
      return connection?.status === 'connected' ? [[server, connection]] : [];
    });
  }

  private async viewer(user: SessionUser): Promise<Viewer> {
    return {
      admin: isAdmin(user),
      userId: user.id,
      states: await this.options.oauth.states(user.id),
    };
  }

  /** Opens the viewer's own connections to the servers they signed in to. */
  private openOwn(viewer: Viewer, active: CatalogServer[]): Map<string, McpConnection> {
    const opened = new Map<string, McpConnection>();
    for (const server of active) {
      const connection =
        server.source === 'personal'
          ? this.personal.connectionFor(viewer.userId, server)
          : server.auth && connectionStateOf(viewer, server.key) === 'connected'
            ? this.oauth.connectionFor(viewer.userId, server)
            : undefined;
      if (connection) opened.set(server.key, connection);
    }
    return opened;
  }

  /** `openOwn`, then waits until each is connected or has failed; their states are re-read. */
  private async settleOwn(
    viewer: Viewer,
    active: CatalogServer[],
  ): Promise<Map<string, McpConnection>> {
    const opened = this.openOwn(viewer, active);
    if (opened.size === 0) return opened;
    await Promise.all(
      [...opened.values()].map((connection) =>
        connection.whenSettled(this.options.connectTimeoutMs),
      ),
    );
    // A refused sign-in shows as expired at once.
    viewer.states = await this.options.oauth.states(viewer.userId);
    return opened;
  }

  async call(
    user: SessionUser | null,
    body: McpCallBody,
    signal?: AbortSignal,
  ): Promise<McpCallReply> {
    requireUser(user);
    const server = await this.usableServer(user, body.client);
    const connection = await this.connected(user, server);
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
        tool,
        asker: body.callId
          ? (this.options.input?.askerFor(user.id, body.callId, server.key) ?? null)
          : null,
      });
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      return toCallReply(result, {
        server: server.key,
        tool: tool.name,
        durationMs,
        maxBytes: this.options.resultMaxBytes,
      });
    } catch (error) {
      // The server refused the user's token and it could not be refreshed: sign in again.
      if (server.auth && !(await this.stillSignedIn(user, server))) {
        throw signInNeeded(server, true);
      }
      throw toCallError(error, server.key, tool.name, isAdmin(user));
    }
  }

  /** `GET /api/mcp/prompts`: the composer's slash commands; a server that fails is named. */
  async prompts(user: SessionUser | null): Promise<McpPromptsReply> {
    requireUser(user);
    const servers = [...(await this.catalog.sync()).servers, ...(await this.personal.of(user.id))];
    const reply: McpPromptsReply = { prompts: [], failures: [] };
    const connected = await this.connectedActive(user, servers);
    const listed = await Promise.allSettled(
      connected.map(async ([server, connection]) => {
        const prompts = await listPrompts(connection, this.limits());
        return prompts.map((prompt) => ({
          server: server.key,
          serverName: server.name,
          name: prompt.name,
          ...(prompt.title && { title: prompt.title }),
          description: prompt.description ?? '',
          arguments: promptArguments(prompt),
        }));
      }),
    );
    listed.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') reply.prompts.push(...outcome.value);
      else
        reply.failures.push({
          server: connected[index]?.[0].key ?? '?',
          error:
            isAdmin(user) || outcome.reason instanceof OversizedError
              ? reasonOf(outcome.reason)
              : 'Its prompts could not be read',
        });
    });
    return reply;
  }

  /** `POST /api/mcp/getPrompt`: the prompt's messages, its required arguments checked first. */
  async getPrompt(
    user: SessionUser | null,
    body: McpGetPromptBody,
    signal?: AbortSignal,
  ): Promise<McpGetPromptReply> {
    requireUser(user);
    const server = await this.usableServer(user, body.client);
    const connection = await this.connected(user, server);
    const prompts = await listPrompts(connection, this.limits()).catch((error: unknown) => {
      throw toCallError(error, server.key, 'prompts/list', isAdmin(user));
    });
    const prompt = prompts.find((candidate) => candidate.name === body.name);
    if (!prompt) throw notFound(`MCP server "${server.key}" has no prompt "${body.name}"`);
    const known = new Set((prompt.arguments ?? []).map((argument) => argument.name));
    const fields: Record<string, string> = {};
    for (const argument of prompt.arguments ?? []) {
      if (argument.required && !body.args[argument.name]?.trim())
        fields[`args.${argument.name}`] = 'is required';
    }
    for (const name of Object.keys(body.args)) {
      if (!known.has(name)) fields[`args.${name}`] = `is not an argument of "${prompt.name}"`;
    }
    const first = Object.entries(fields)[0];
    if (first) throw badRequest(`${first[0]}: ${first[1]}`, fields);
    try {
      return await getPrompt(connection, prompt.name, body.args, this.limits(signal));
    } catch (error) {
      throw toCallError(error, server.key, prompt.name, isAdmin(user));
    }
  }

  /** `GET /api/mcp/resources?server=`: one server's resources and templates. */
  async resources(user: SessionUser | null, query: McpResourcesQuery): Promise<McpResourcesReply> {
    requireUser(user);
    const server = await this.usableServer(user, query.server);
    const connection = await this.connected(user, server);
    try {
      return await listResources(connection, this.limits());
    } catch (error) {
      throw toCallError(error, server.key, 'resources/list', isAdmin(user));
    }
  }

  /** `POST /api/mcp/readResource`: a resource read through its server, size-capped. */
  async readResource(
    user: SessionUser | null,
    body: McpReadResourceBody,
    signal?: AbortSignal,
  ): Promise<McpReadResourceReply> {
    requireUser(user);
    const server = await this.usableServer(user, body.client);
    const connection = await this.connected(user, server);
    try {
      return await readResource(connection, body.uri, this.limits(signal));
    } catch (error) {
      // -32002 is the protocol's "resource not found"; older servers answer -32602 for it.
      if (error instanceof McpServerError && (error.code === -32002 || error.code === -32602)) {
        throw notFound(`MCP server "${server.key}" has no resource "${body.uri}"`);
      }
      throw toCallError(error, server.key, 'resources/read', isAdmin(user));
    }
  }

  private limits(signal?: AbortSignal) {
    return {
      timeoutMs: this.options.callTimeoutMs,
      maxBytes: this.options.resultMaxBytes,
      signal,
    };
  }

  async addServer(user: SessionUser | null, input: McpServerInput): Promise<McpServer> {
    requireAdmin(user);
    const definition = adminDefinition(input);
    if (isPersonalKey(definition.key)) {
      throw badRequest(reservedKeyProblem, { key: reservedKeyProblem });
    }
    const { servers } = await this.catalog.sync();
    if (servers.some((server) => server.key === definition.key)) throw taken(definition.key);
    await this.checkUrl(definition.transport.url, 'transport.url');
    if (definition.auth) await this.checkOAuth(definition);
    const probe = definition.active && !definition.auth ? await this.probe(definition) : null;
    try {
      await this.options.servers.insertAdminServer(definition, this.now());
    } catch (error) {
      await probe?.close();
      if (isUniqueViolation(error)) throw taken(definition.key);
      throw error;
    }
    // Nothing signed in to an earlier server of this key may reach this one.
    await this.options.oauth.forgetServer(definition.key);
    if (probe) this.options.host.adopt(wanted(definition), probe);
    return this.serverView(user, await this.catalog.sync(), definition.key);
  }

  async updateServer(user: SessionUser | null, input: McpServerInput): Promise<McpServer> {
    requireAdmin(user);
    const { servers } = await this.catalog.sync();
    const current = servers.find((server) => server.key === input.key);
    if (!current) throw unknownServer(input.key);
    if (current.source === 'file') throw fileServerConflict(input.key);
    const definition = keepSecret(adminDefinition(input), current);
    await this.checkUrl(definition.transport.url, 'transport.url');
    const transportChanged =
      JSON.stringify(current.transport) !== JSON.stringify(definition.transport);
    const authChanged = JSON.stringify(current.auth ?? null) !== JSON.stringify(definition.auth);
    if (definition.auth && (transportChanged || authChanged)) await this.checkOAuth(definition);
    const probe =
      definition.active && transportChanged && !definition.auth
        ? await this.probe(definition)
        : null;
    const updated = await this.options.servers.updateAdminServer(definition, this.now());
    if (!updated) {
      await probe?.close();
      throw unknownServer(input.key);
    }
    // Tokens were given for the old server or settings: every user signs in again.
    if (transportChanged || authChanged) await this.options.oauth.forgetServer(definition.key);
    if (probe) this.options.host.adopt(wanted(definition), probe);
    return this.serverView(user, await this.catalog.sync(), definition.key);
  }

  async setActive(user: SessionUser | null, key: string, active: boolean): Promise<McpServer> {
    requireAdmin(user);
    const { servers } = await this.catalog.sync();
    const server = servers.find((candidate) => candidate.key === key);
    if (!server) throw unknownServer(key);
    if (server.source === 'file') {
      await this.options.servers.setFileServerActive(key, active, this.now());
    } else {
      await this.options.servers.setAdminServerActive(key, active, this.now());
    }
    const snapshot = await this.catalog.sync();
    if (active)
      await this.catalog.settle(snapshot.servers.filter((candidate) => candidate.key === key));
    return this.serverView(user, snapshot, key);
  }

  /**
   * Replaces every server added through the API with the body's (remote only). The file format
   * has no sign-in settings: a server that signs users in with OAuth keeps its own. Users'
   * tokens go with a server that is removed or moved to another address, so a server added
   * later under its key never receives them.
   */
  async putConfig(user: SessionUser | null, body: McpPutConfigBody): Promise<McpConfigReply> {
    requireAdmin(user);
    const { servers } = await this.catalog.sync();
    const adminServers = new Map(
      servers.filter((s) => s.source === 'admin').map((server) => [server.key, server]),
    );
    const definitions = definitionsFromPutConfig(body).map((definition) => {
      const auth = adminServers.get(definition.key)?.auth;
      return auth ? { ...definition, auth } : definition;
    }) as AdminServerDefinition[];
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
    const moved = (definition: AdminServerDefinition) => {
      const before = adminServers.get(definition.key);
      return !before || JSON.stringify(before.transport) !== JSON.stringify(definition.transport);
    };
    for (const definition of definitions) {
      if (definition.auth && moved(definition)) await this.checkOAuth(definition);
    }
    // A server that signs users in is reached with each user's tokens, not probed here.
    const changed = definitions.filter(
      (definition) => definition.active && !definition.auth && moved(definition),
    );
    const probes = await Promise.allSettled(
      changed.map((definition) => this.options.host.probe(wanted(definition))),
    );
    const failures = probes.flatMap((probe, index) =>
      probe.status === 'rejected'
        ? [[`mcpServers.${changed[index]?.key}.url`, unanswered(reasonOf(probe.reason))] as const]
        : [],
    );
    if (failures.length > 0) {
      const opened = probes.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
      await Promise.all(opened.map((connection) => connection.close()));
      const [field, reason] = failures[0]!;
      throw badRequest(`Nothing was saved. ${field}: ${reason}`, Object.fromEntries(failures));
    }
    await this.options.servers.replaceAdminServers(definitions, this.now());
    const kept = new Map(definitions.map((definition) => [definition.key, definition]));
    for (const key of adminServers.keys()) {
      const definition = kept.get(key);
      if (!definition || moved(definition)) await this.options.oauth.forgetServer(key);
    }
    probes.forEach((probe, index) => {
      const definition = changed[index];
      if (probe.status === 'fulfilled' && definition) {
        this.options.host.adopt(wanted(definition), probe.value);
      }
    });
    const snapshot = await this.catalog.sync();
    await this.catalog.settle(snapshot.servers.filter((server) => server.active));
    return this.catalog.configReply(await this.viewer(user), snapshot);
  }

  /** `POST /api/mcp/oauth/start`: where the user signs in to the server's authorization server. */
  async oauthStart(user: SessionUser | null, key: string): Promise<McpOAuthStartReply> {
    requireUser(user);
    const server = this.activeServer(await this.catalog.syncOne(key), key);
    if (!server.auth) throw conflict(`MCP server "${key}" does not use OAuth sign-in`);
    return this.oauth.start(user.id, server);
  }

  /** A callback whose query is not one an authorization server sends: nothing is done with it. */
  oauthCallbackMalformed(detail: string): OAuthCallbackResult {
    return this.oauth.malformed(detail);
  }

  /**
   * `GET /api/mcp/oauth/callback`: finishes the sign-in the state names, for the user who
   * started it; resolves with where to send the browser (the settings, with the result). A
   * browser without a session is sent there too, with the reason.
   */
  async oauthCallback(
    user: SessionUser | null,
    query: McpOAuthCallbackQuery,
  ): Promise<OAuthCallbackResult> {
    return this.oauth.finish(user?.id ?? null, query, async (key) => {
      const [server] = await this.catalog.syncOne(key);
      return server?.active && server.auth ? server : undefined;
    });
  }

  /** `POST /api/mcp/oauth/disconnect`: forgets the user's tokens and revokes them at the AS. */
  async oauthDisconnect(user: SessionUser | null, key: string): Promise<McpOAuthDisconnectReply> {
    requireUser(user);
    const [server] = await this.catalog.syncOne(key);
    if (!server) throw unknownServer(key);
    if (!server.auth) throw conflict(`MCP server "${key}" does not use OAuth sign-in`);
    const revoked = await this.oauth.disconnect(user.id, server);
    return { connection: 'needs-connect', revoked };
  }

  /** The OAuth server must say which authorization server signs users in, before it is saved. */
  private async checkOAuth(definition: AdminServerDefinition): Promise<void> {
    const problem = await this.oauth.discoveryProblem(wanted(definition));
    if (problem) {
      const reason = `Nothing was saved. The server's sign-in could not be found: ${problem}`;
      throw badRequest(reason, { 'transport.url': problem });
    }
  }

  private async serverView(user: SessionUser, snapshot: Snapshot, key: string): Promise<McpServer> {
    const view = this.catalog.serverView(await this.viewer(user), snapshot, key);
    if (!view) throw unknownServer(key);
    return view;
  }

  /** An active server this user may use: a shared one, or one of the user's own. */
  private async usableServer(user: SessionUser, key: string): Promise<CatalogServer> {
    let found = await this.catalog.syncOne(key);
    if (found.length === 0 && isPersonalKey(key)) {
      const own = await this.personal.one(user.id, key);
      found = own ? [own] : [];
    }
    return this.activeServer(found, key);
  }

  private activeServer(servers: CatalogServer[], key: string): CatalogServer {
    const server = servers.find((candidate) => candidate.key === key);
    if (!server) throw unknownServer(key);
    if (!server.active) throw conflict(`MCP server "${key}" is not active`);
    return server;
  }

  private async connected(user: SessionUser, server: CatalogServer): Promise<McpConnection> {
    if (server.auth) return this.connectedOwn(user, server);
    if (server.source === 'personal') {
      const connection = this.personal.connectionFor(user.id, server);
      await connection?.whenSettled(this.options.connectTimeoutMs);
      if (connection?.status === 'connected') return connection;
      // The owner added it: why it fails is theirs to see.
      throw unavailable(server.key, connection?.error ?? 'it is still starting');
    }
    const connection = this.options.host.connection(server.key);
    await connection?.whenSettled(this.options.connectTimeoutMs);
    if (connection?.status === 'connected') return connection;
    const reason = isAdmin(user) ? (connection?.error ?? 'it is still starting') : null;
    throw unavailable(server.key, reason);
  }

  private async stillSignedIn(user: SessionUser, server: CatalogServer): Promise<boolean> {
    const state = (await this.options.oauth.states(user.id)).get(server.key);
    if (state === 'connected') return true;
    this.options.host.dropUser(server.key, user.id);
    return false;
  }

  /** The user's own connection to a server where each user signs in. */
  private async connectedOwn(user: SessionUser, server: CatalogServer): Promise<McpConnection> {
    const state = (await this.options.oauth.states(user.id)).get(server.key);
    if (state !== 'connected') throw signInNeeded(server, state === 'expired');
    const connection = this.oauth.connectionFor(user.id, server);
    await connection?.whenSettled(this.options.connectTimeoutMs);
    if (connection?.status === 'connected') return connection;
    if (!(await this.stillSignedIn(user, server))) throw signInNeeded(server, true);
    throw unavailable(server.key, connection?.error ?? 'it is still starting');
  }

  /** Users' own servers: the public internet only, whatever MCP_ALLOW_LINK_LOCAL_URLS says. */
  private async checkPersonalUrl(url: string, field: string): Promise<void> {
    if (this.options.allowPrivatePersonalUrls) return this.checkUrl(url, field);
    const refusal = await personalUrlRefusal(url);
    if (refusal) {
      throw badRequest(`Nothing was saved. ${field}: ${refusal}`, { [field]: refusal });
    }
  }

  private async checkUrl(url: string, field: string): Promise<void> {
    if (this.options.allowLinkLocalUrls) return;
    const refusal = await urlRefusal(url);
    if (refusal) throw badRequest(`${field}: ${refusal}`, { [field]: refusal });
  }

  /**
   * Tries the server before it is saved. A URL that does not answer is the administrator's
   * input to correct: a 400 on the URL field, and nothing changes.
   */
  private async probe(definition: AdminServerDefinition | CatalogServer): Promise<McpConnection> {
    try {
      return await this.options.host.probe(wanted(definition));
    } catch (error) {
      const reason = unanswered(reasonOf(error));
      throw badRequest(`Nothing was saved. transport.url: ${reason}`, {
        'transport.url': reason,
      });
    }
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
    auth: input.auth
      ? {
          ...(input.auth.clientId && { clientId: input.auth.clientId }),
          ...(input.auth.clientSecret && { clientSecret: input.auth.clientSecret }),
          ...(input.auth.scopes && { scopes: input.auth.scopes }),
        }
      : null,
  };
}

/**
 * The client secret is never shown back, so a form sent again without one keeps the stored
 * secret while the client ID stays the same.
 */
function keepSecret(
  definition: AdminServerDefinition,
  current: CatalogServer,
): AdminServerDefinition {
  const before = current.auth;
  if (!definition.auth || definition.auth.clientSecret || !before?.clientSecret) return definition;
  if (before.clientId !== definition.auth.clientId) return definition;
  return { ...definition, auth: { ...definition.auth, clientSecret: before.clientSecret } };
}

/** A server with a connection per user: OAuth sign-in, or the user's own. */
const isOwn = (server: CatalogServer) => Boolean(server.auth) || server.source === 'personal';

/** The user has not signed in to the server, or their sign-in stopped working. */
const signInNeeded = (server: CatalogServer, expired: boolean) =>
  conflict(
    `MCP server "${server.name}": ${expired ? expiredMessage : needsConnectMessage} (in the MCP settings)`,
  );

function toolsOf(server: string, connection: McpConnection): McpToolsReply['tools'] {
  return connection.tools.map((tool) => ({
    server,
    name: tool.name,
    ...(tool.title && { title: tool.title }),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  }));
}

const unanswered = (reason: string) => `Could not connect to the MCP server: ${reason}`;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const unknownServer = (key: string) => notFound(`No MCP server "${key}"`);
const taken = (key: string) =>
  conflict(`An MCP server with key "${key}" already exists`, { key: 'is taken' });
const fileServerConflict = (key: string) =>
  conflict(
    `MCP server "${key}" is defined in the operator's file (mcp.json): change it there; administrators can only activate or deactivate it`,
  );
