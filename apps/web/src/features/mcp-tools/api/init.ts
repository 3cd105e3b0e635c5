import { mcpConfigReplySchema, type McpConfigReply } from '@confab/protocol/mcp';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

/**
 * The server re-reads the operator's file and waits (up to its connect timeout, 15 s by
 * default) for the servers to connect, so this call may take longer than the usual 5 s.
 */
const initTimeoutMs = 30_000;

/** `GET /api/mcp/init`: the server list, with the operator's file read afresh. */
export function fetchMcpInit(signal?: AbortSignal): Promise<McpConfigReply> {
  return apiFetch('/api/mcp/init', {
    signal,
    timeoutMs: initTimeoutMs,
    parse: (json) => mcpConfigReplySchema.parse(json),
  });
}

/** The settings' server list: loaded through init so edits of mcp.json show up. */
export const mcpConfigQueryOptions = queryOptions({
  queryKey: mcpQueryKeys.config,
  queryFn: ({ signal }) => fetchMcpInit(signal),
  staleTime: 10_000,
});

export function useMcpConfig() {
  return useQuery(mcpConfigQueryOptions);
}
