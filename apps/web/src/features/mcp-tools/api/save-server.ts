import { mcpServerReplySchema, type McpServer, type McpServerInput } from '@confab/protocol/mcp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

// The server tries a new or changed server before saving it (15 s at most by default).
const saveTimeoutMs = 30_000;

/** `POST /api/mcp/addServer` (administrators). */
export async function addMcpServer(body: McpServerInput): Promise<McpServer> {
  const reply = await apiFetch('/api/mcp/addServer', {
    method: 'POST',
    body,
    timeoutMs: saveTimeoutMs,
    parse: (json) => mcpServerReplySchema.parse(json),
  });
  return reply.server;
}

/** `POST /api/mcp/updateServer` (administrators): the whole server object. */
export async function updateMcpServer(body: McpServerInput): Promise<McpServer> {
  const reply = await apiFetch('/api/mcp/updateServer', {
    method: 'POST',
    body,
    timeoutMs: saveTimeoutMs,
    parse: (json) => mcpServerReplySchema.parse(json),
  });
  return reply.server;
}

export function useSaveMcpServer(mode: 'add' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: McpServerInput) =>
      mode === 'add' ? addMcpServer(body) : updateMcpServer(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all }),
  });
}
