import { z } from 'zod';
import { mcpContentSchema, mcpServerKeySchema } from './mcp';

/**
 * Prompts and resources of MCP servers (docs/product.md#rest-mcp): the composer's slash
 * commands (`GET /api/mcp/prompts`, `POST /api/mcp/getPrompt`) and the resources a user attaches
 * to a prompt or opens from a tool result (`GET /api/mcp/resources`, `POST /api/mcp/readResource`).
 */

export const mcpPromptLimits = {
  promptNameMax: 128,
  argNameMax: 128,
  argsMax: 32,
  argValueMax: 16_000,
  uriMax: 2048,
} as const;

export const mcpPromptArgumentSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean(),
});
export type McpPromptArgument = z.infer<typeof mcpPromptArgumentSchema>;

/** A prompt of an active, connected server: a slash command of the composer. */
export const mcpPromptSchema = z.object({
  server: z.string(),
  serverName: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  arguments: z.array(mcpPromptArgumentSchema),
});
export type McpPrompt = z.infer<typeof mcpPromptSchema>;

/** `GET /api/mcp/prompts`: every prompt of the active servers; servers that failed are named. */
export const mcpPromptsReplySchema = z.object({
  prompts: z.array(mcpPromptSchema),
  /** Servers whose prompts could not be read, with why (readable, no remote body). */
  failures: z.array(z.object({ server: z.string(), error: z.string() })),
});
export type McpPromptsReply = z.infer<typeof mcpPromptsReplySchema>;

/** `POST /api/mcp/getPrompt`: `client` is the server key, `name` the prompt's own name. */
export const mcpGetPromptBodySchema = z.strictObject({
  client: mcpServerKeySchema,
  name: z
    .string({ error: 'Prompt name is required' })
    .min(1, 'Prompt name is required')
    .max(
      mcpPromptLimits.promptNameMax,
      `Prompt name must be at most ${mcpPromptLimits.promptNameMax} characters`,
    ),
  args: z
    .record(
      z.string().max(mcpPromptLimits.argNameMax, 'Argument name is too long'),
      z
        .string({ error: 'Prompt arguments are text' })
        .max(mcpPromptLimits.argValueMax, 'Argument value is too long'),
      { error: 'args must be an object of names to text' },
    )
    .refine((args) => Object.keys(args).length <= mcpPromptLimits.argsMax, {
      message: `At most ${mcpPromptLimits.argsMax} arguments`,
    })
    .default(() => ({})),
});
export type McpGetPromptBody = z.infer<typeof mcpGetPromptBodySchema>;

export const mcpPromptMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: mcpContentSchema,
});
export type McpPromptMessage = z.infer<typeof mcpPromptMessageSchema>;

export const mcpGetPromptReplySchema = z.object({
  description: z.string().optional(),
  messages: z.array(mcpPromptMessageSchema),
});
export type McpGetPromptReply = z.infer<typeof mcpGetPromptReplySchema>;

/** `GET /api/mcp/resources?server=`: the resources and templates of one active server. */
export const mcpResourcesQuerySchema = z.strictObject({ server: mcpServerKeySchema });
export type McpResourcesQuery = z.infer<typeof mcpResourcesQuerySchema>;

export const mcpResourceSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type McpResource = z.infer<typeof mcpResourceSchema>;

export const mcpResourceTemplateSchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type McpResourceTemplate = z.infer<typeof mcpResourceTemplateSchema>;

export const mcpResourcesReplySchema = z.object({
  resources: z.array(mcpResourceSchema),
  templates: z.array(mcpResourceTemplateSchema),
});
export type McpResourcesReply = z.infer<typeof mcpResourcesReplySchema>;

/** `POST /api/mcp/readResource`: read through the server, never fetched by the browser. */
export const mcpReadResourceBodySchema = z.strictObject({
  client: mcpServerKeySchema,
  uri: z
    .string({ error: 'Resource URI is required' })
    .min(1, 'Resource URI is required')
    .max(
      mcpPromptLimits.uriMax,
      `Resource URI must be at most ${mcpPromptLimits.uriMax} characters`,
    ),
});
export type McpReadResourceBody = z.infer<typeof mcpReadResourceBodySchema>;

export const mcpResourceContentsSchema = z.union([
  z.object({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
  z.object({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
]);
export type McpResourceContents = z.infer<typeof mcpResourceContentsSchema>;

export const mcpReadResourceReplySchema = z.object({
  contents: z.array(mcpResourceContentsSchema),
});
export type McpReadResourceReply = z.infer<typeof mcpReadResourceReplySchema>;

/**
 * A prompt's messages as the text put in the composer: each message's text in order, a
 * resource's text under its URI, other content named. Messages of the assistant are marked.
 */
export function promptMessagesText(messages: McpPromptMessage[]): string {
  return messages
    .map(({ role, content }) => {
      const body = contentText(content);
      return role === 'assistant' ? `[assistant] ${body}` : body;
    })
    .join('\n\n');
}

function contentText(content: McpPromptMessage['content']): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'resource': {
      const { uri } = content.resource;
      const text = (content.resource as { text?: unknown }).text;
      return typeof text === 'string' ? `${uri}:\n${text}` : `[${uri}]`;
    }
    case 'resource_link':
      return `[${content.title ?? content.name}: ${content.uri}]`;
    case 'image':
    case 'audio':
      return `[${content.type} ${content.mimeType}]`;
  }
}
