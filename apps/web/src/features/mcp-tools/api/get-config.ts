import { mcpConfigReplySchema, type McpConfigReply } from '@confab/protocol/mcp';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/mcp/getConfig`: servers, their approval policies and the limits, without a re-read. */
export function fetchMcpConfig(signal?: AbortSignal): Promise<McpConfigReply> {
  return apiFetch('/api/mcp/getConfig', {
    signal,
    parse: (json) => mcpConfigReplySchema.parse(json),
  });
}
