import { mcpConfigReplySchema, type McpConfigReply } from '@confab/protocol/mcp';
import type { McpPutConfigBody } from '@confab/protocol/mcp-config-file';
import { apiFetch } from '@/lib/api-client';

const putTimeoutMs = 30_000;

/**
 * `POST /api/mcp/putConfig` (administrators): the whole set of servers added through the API,
 * in the mcp.json format. Servers left out are removed.
 */
export function putMcpConfig(body: McpPutConfigBody): Promise<McpConfigReply> {
  return apiFetch('/api/mcp/putConfig', {
    method: 'POST',
    body,
    timeoutMs: putTimeoutMs,
    parse: (json) => mcpConfigReplySchema.parse(json),
  });
}
