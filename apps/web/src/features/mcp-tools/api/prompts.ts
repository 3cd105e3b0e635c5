import {
  mcpGetPromptReplySchema,
  mcpPromptsReplySchema,
  type McpGetPromptBody,
  type McpGetPromptReply,
  type McpPromptsReply,
} from '@confab/protocol/mcp-prompts';
import { apiFetch } from '@/lib/api-client';

// The server waits for servers still connecting (15 s at most by default), then asks each one.
const promptsTimeoutMs = 30_000;

/** `GET /api/mcp/prompts`: the prompts of the active servers (the composer's slash commands). */
export function fetchMcpPrompts(signal?: AbortSignal): Promise<McpPromptsReply> {
  return apiFetch('/api/mcp/prompts', {
    signal,
    timeoutMs: promptsTimeoutMs,
    parse: (json) => mcpPromptsReplySchema.parse(json),
  });
}

/** `POST /api/mcp/getPrompt`: a prompt's messages for its arguments. */
export function getMcpPrompt(body: McpGetPromptBody): Promise<McpGetPromptReply> {
  return apiFetch('/api/mcp/getPrompt', {
    method: 'POST',
    body,
    timeoutMs: promptsTimeoutMs + 40_000,
    parse: (json) => mcpGetPromptReplySchema.parse(json),
  });
}
