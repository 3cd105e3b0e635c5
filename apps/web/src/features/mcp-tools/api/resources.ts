import {
  mcpReadResourceReplySchema,
  mcpResourcesReplySchema,
  type McpReadResourceReply,
  type McpResourcesReply,
} from '@confab/protocol/mcp-prompts';
import { apiFetch } from '@/lib/api-client';

const resourcesTimeoutMs = 30_000;

/** `GET /api/mcp/resources?server=`: one server's resources and templates. */
export function fetchMcpResources(
  server: string,
  signal?: AbortSignal,
): Promise<McpResourcesReply> {
  return apiFetch(`/api/mcp/resources?server=${encodeURIComponent(server)}`, {
    signal,
    timeoutMs: resourcesTimeoutMs,
    parse: (json) => mcpResourcesReplySchema.parse(json),
  });
}

/**
 * `POST /api/mcp/readResource`: a resource read by the server from its MCP server. The browser
 * never fetches a resource's URI itself: it may name anything, and only the server knows it.
 */
export function readMcpResource(client: string, uri: string): Promise<McpReadResourceReply> {
  return apiFetch('/api/mcp/readResource', {
    method: 'POST',
    body: { client, uri },
    timeoutMs: resourcesTimeoutMs + 40_000,
    parse: (json) => mcpReadResourceReplySchema.parse(json),
  });
}
