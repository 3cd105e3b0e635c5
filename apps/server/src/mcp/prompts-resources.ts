import type { Prompt, Resource, ResourceTemplateType } from '@modelcontextprotocol/client';
import type {
  McpGetPromptReply,
  McpPromptArgument,
  McpReadResourceReply,
  McpResourcesReply,
} from '@confab/protocol/mcp-prompts';
import { mcpContentSchema } from '@confab/protocol/mcp';
import { AppError } from '../lib/app-error';
import type { McpConnection } from './connection';

interface Limits {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

/** Kept on the connection until the server says it changed (or it connects again). */
function cached<T>(
  connection: McpConnection,
  what: 'prompts' | 'resources',
  read: () => Promise<T>,
): Promise<T> {
  const kept = connection.lists.get(what) as Promise<T> | undefined;
  if (kept) return kept;
  const reading = read();
  connection.lists.set(what, reading);
  // A failed read is not kept: the next request asks again. A list refused for its size is
  // kept (until the server says it changed), or every request would fetch all its pages again.
  reading.catch((error: unknown) => {
    if (error instanceof OversizedError) return;
    if (connection.lists.get(what) === reading) connection.lists.delete(what);
  });
  return reading;
}

/** Every prompt of the server (every page, at most the client's page cap). */
export function listPrompts(connection: McpConnection, limits: Limits): Promise<Prompt[]> {
  return cached(connection, 'prompts', async () => {
    const prompts = await connection.request(async (client) => {
      if (!client.getServerCapabilities()?.prompts) return [];
      return (await client.listPrompts(undefined, { timeout: limits.timeoutMs })).prompts;
    }, limits);
    refuseOversized(prompts, limits.maxBytes, 'prompt list', connection.key);
    return prompts;
  });
}

export function promptArguments(prompt: Prompt): McpPromptArgument[] {
  return (prompt.arguments ?? []).map((argument) => {
    // Later revisions give arguments a display title; it passes through when present.
    const { title } = argument as { title?: unknown };
    return {
      name: argument.name,
      ...(typeof title === 'string' && title && { title }),
      ...(argument.description && { description: argument.description }),
      required: argument.required === true,
    };
  });
}

export async function getPrompt(
  connection: McpConnection,
  name: string,
  args: Record<string, string>,
  limits: Limits,
): Promise<McpGetPromptReply> {
  const result = await connection.request(
    (client) =>
      client.getPrompt(
        { name, arguments: args },
        { timeout: limits.timeoutMs, signal: limits.signal },
      ),
    limits,
  );
  refuseOversized(result.messages, limits.maxBytes, `prompt "${name}"`, connection.key);
  return {
    ...(result.description && { description: result.description }),
    messages: result.messages.map((message) => {
      const content = mcpContentSchema.safeParse(message.content);
      return {
        role: message.role,
        content: content.success
          ? content.data
          : { type: 'text' as const, text: JSON.stringify(message.content) },
      };
    }),
  };
}

export function listResources(
  connection: McpConnection,
  limits: Limits,
): Promise<McpResourcesReply> {
  return cached(connection, 'resources', async () => {
    const [resources, templates] = await connection.request(async (client) => {
      if (!client.getServerCapabilities()?.resources) return [[], []] as const;
      const options = { timeout: limits.timeoutMs };
      const [listed, templated] = await Promise.all([
        client.listResources(undefined, options),
        client.listResourceTemplates(undefined, options),
      ]);
      return [listed.resources, templated.resourceTemplates] as const;
    }, limits);
    refuseOversized([resources, templates], limits.maxBytes, 'resource list', connection.key);
    return { resources: resources.map(resourceView), templates: templates.map(templateView) };
  });
}

export async function readResource(
  connection: McpConnection,
  uri: string,
  limits: Limits,
): Promise<McpReadResourceReply> {
  const result = await connection.request(
    (client) => client.readResource({ uri }, { timeout: limits.timeoutMs, signal: limits.signal }),
    limits,
  );
  refuseOversized(result.contents, limits.maxBytes, `resource "${uri}"`, connection.key);
  return {
    contents: result.contents.map((item) => {
      const mimeType = item.mimeType ? { mimeType: item.mimeType } : {};
      if ('text' in item && typeof item.text === 'string') {
        return { uri: item.uri, ...mimeType, text: item.text };
      }
      const { blob } = item as { blob?: unknown };
      return { uri: item.uri, ...mimeType, blob: typeof blob === 'string' ? blob : '' };
    }),
  };
}

function resourceView(resource: Resource): McpResourcesReply['resources'][number] {
  return {
    uri: resource.uri,
    name: resource.name,
    ...(resource.title && { title: resource.title }),
    ...(resource.description && { description: resource.description }),
    ...(resource.mimeType && { mimeType: resource.mimeType }),
    ...(typeof resource.size === 'number' && { size: resource.size }),
  };
}

function templateView(template: ResourceTemplateType): McpResourcesReply['templates'][number] {
  return {
    uriTemplate: template.uriTemplate,
    name: template.name,
    ...(template.title && { title: template.title }),
    ...(template.description && { description: template.description }),
    ...(template.mimeType && { mimeType: template.mimeType }),
  };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** What a server sent that is larger than the limit: readable by every user (sizes only). */
export class OversizedError extends AppError {
  constructor(what: string, server: string, size: number, maxBytes: number) {
    super(
      502,
      'BAD_GATEWAY',
      `The ${what} of MCP server "${server}" is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit; it was not returned`,
    );
  }
}

/**
 * Refused whole, like a tool result: half a resource would be taken for all of it, and half a
 * list for the whole list. A list counts every page together (the client reads up to 50).
 */
function refuseOversized(value: unknown, maxBytes: number, what: string, server: string): void {
  const size = Buffer.byteLength(JSON.stringify(value));
  if (size <= maxBytes) return;
  throw new OversizedError(what, server, size, maxBytes);
}
