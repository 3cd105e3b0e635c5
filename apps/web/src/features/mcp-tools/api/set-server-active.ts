import { mcpServerReplySchema, type McpServer } from '@confab/protocol/mcp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

// Activation waits for the server to connect (15 s at most by default).
const activateTimeoutMs = 30_000;

/** `POST /api/mcp/activate` or `POST /api/mcp/deactivate` {key} (administrators). */
export async function setMcpServerActive(key: string, active: boolean): Promise<McpServer> {
  const reply = await apiFetch(active ? '/api/mcp/activate' : '/api/mcp/deactivate', {
    method: 'POST',
    body: { key },
    timeoutMs: activateTimeoutMs,
    parse: (json) => mcpServerReplySchema.parse(json),
  });
  return reply.server;
}

export function useSetMcpServerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, active }: { key: string; active: boolean }) =>
      setMcpServerActive(key, active),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all }),
  });
}
