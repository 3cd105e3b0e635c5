import {
  mcpPersonalKeyPrefix,
  mcpPersonalLimits,
  personalKeyProblem,
  type McpPersonalPolicy,
} from '@confab/protocol/mcp-personal';
import type { McpServer, McpServerInput } from '@confab/protocol/mcp';
import { badRequest, conflict, forbidden, notFound } from '../lib/app-error';
import { isUniqueViolation } from '../db/errors';
import type {
  McpPersonalRepository,
  PersonalServerDefinition,
} from '../repositories/mcp-personal.repository';
import type { McpConnection } from './connection';
import type { McpHost } from './host';
import { wanted, type CatalogServer } from './server-catalog';

export interface PersonalServersOptions {
  repository: McpPersonalRepository;
  host: McpHost;
  now: () => number;
  /** Checks a URL with the personal servers' URL guard (throws a 400 naming `field`). */
  checkUrl: (url: string, field: string) => Promise<void>;
  /** Tries a server before it is saved (throws a 400 when it does not answer). */
  probe: (server: CatalogServer) => Promise<McpConnection>;
}

export const isPersonalKey = (key: string) => key.startsWith(mcpPersonalKeyPrefix);

/** A personal server as the catalog's other servers are: always active, the owner's alone. */
export const asCatalogServer = (server: PersonalServerDefinition): CatalogServer => ({
  key: server.key,
  name: server.name,
  description: server.description,
  transport: server.transport,
  approvalPolicy: server.approvalPolicy,
  active: true,
  source: 'personal',
  auth: null,
});

const personalOff = () =>
  forbidden('Servers of your own are not allowed here: an administrator can allow them');

/**
 * Users' own remote servers, under an administrator's policy: each is read, listed, called and
 * removed only by its owner (every query carries the owner's id); its connection is the owner's
 * alone, and reaches the public internet only (see personal-url-guard.ts).
 */
export class PersonalServers {
  constructor(private readonly options: PersonalServersOptions) {}

  allowed(): Promise<boolean> {
    return this.options.repository.allowed();
  }

  async setAllowed(allowed: boolean): Promise<void> {
    await this.options.repository.setAllowed(allowed, this.options.now());
  }

  /** The user's servers while the policy allows them, else none. */
  async of(userId: string): Promise<CatalogServer[]> {
    if (!(await this.allowed())) return [];
    return (await this.options.repository.list(userId)).map(asCatalogServer);
  }

  async one(userId: string, key: string): Promise<CatalogServer | undefined> {
    if (!isPersonalKey(key) || !(await this.allowed())) return undefined;
    const found = await this.options.repository.find(userId, key);
    return found && asCatalogServer(found);
  }

  async policy(userId: string): Promise<McpPersonalPolicy> {
    const allowed = await this.allowed();
    const count = allowed ? (await this.options.repository.list(userId)).length : 0;
    return { allowed, max: mcpPersonalLimits.perUser, count };
  }

  async add(userId: string, input: McpServerInput): Promise<CatalogServer> {
    if (!(await this.allowed())) throw personalOff();
    if (!isPersonalKey(input.key))
      throw badRequest(personalKeyProblem, { key: personalKeyProblem });
    if (input.auth) {
      const problem = 'Servers of your own cannot use OAuth sign-in';
      throw badRequest(problem, { auth: problem });
    }
    const existing = await this.options.repository.list(userId);
    if (existing.some((server) => server.key === input.key)) throw taken(input.key);
    if (existing.length >= mcpPersonalLimits.perUser) {
      throw conflict(
        `You have ${mcpPersonalLimits.perUser} servers of your own, the most allowed: remove one first`,
      );
    }
    const definition: PersonalServerDefinition = {
      ownerId: userId,
      key: input.key,
      name: input.name || input.key,
      description: input.description,
      transport: input.transport,
      approvalPolicy: input.approvalPolicy,
    };
    await this.options.checkUrl(definition.transport.url, 'transport.url');
    const server = asCatalogServer(definition);
    const probe = await this.options.probe(server);
    await probe.close();
    try {
      await this.options.repository.insert(definition, this.options.now());
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(input.key);
      throw error;
    }
    return server;
  }

  async remove(userId: string, key: string): Promise<void> {
    const removed = await this.options.repository.remove(userId, key);
    this.options.host.dropUser(key, userId);
    if (!removed) throw notFound(`You have no MCP server "${key}"`);
  }

  /** The owner's connection to their server, opened when it is not. */
  connectionFor(userId: string, server: CatalogServer): McpConnection | undefined {
    return this.options.host.userConnection(wanted(server), userId);
  }

  view(userId: string, server: CatalogServer): McpServer {
    const connection = this.options.host.existingUserConnection(server.key, userId);
    const status = !connection || connection.status === 'closed' ? 'connecting' : connection.status;
    return {
      key: server.key,
      name: server.name,
      description: server.description,
      source: 'personal',
      transportType: server.transport.type,
      // The owner sees their own settings, header values included: they typed them.
      transport: server.transport,
      approvalPolicy: server.approvalPolicy,
      active: true,
      status,
      error: status === 'error' ? (connection?.error ?? null) : null,
      toolCount: status === 'connected' && connection ? connection.tools.length : null,
    };
  }
}

const taken = (key: string) =>
  conflict(`You already have a server with key "${key}"`, { key: 'is taken' });
