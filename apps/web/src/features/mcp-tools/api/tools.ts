import { mcpToolsReplySchema, type McpTool } from '@confab/protocol/mcp';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

// The server waits for servers that are still connecting (15 s at most by default).
const toolsTimeoutMs = 30_000;

/** `GET /api/mcp/tools`: the tools of every active server. */
export async function fetchMcpTools(signal?: AbortSignal): Promise<McpTool[]> {
  const reply = await apiFetch('/api/mcp/tools', {
    signal,
    timeoutMs: toolsTimeoutMs,
    parse: (json) => mcpToolsReplySchema.parse(json),
  });
  return reply.tools;
}

/**
 * The tools as of a server list: `listedAt` is when the list (GET /api/mcp/init, which re-reads
 * the operator's file) arrived, so the tools are asked for after it, never before a re-read.
 */
export const mcpToolsQueryOptions = (listedAt: number) =>
  queryOptions({
    queryKey: [...mcpQueryKeys.tools, listedAt],
    queryFn: ({ signal }) => fetchMcpTools(signal),
    staleTime: 10_000,
  });

export function useMcpTools(listedAt: number | undefined) {
  return useQuery({ ...mcpToolsQueryOptions(listedAt ?? 0), enabled: listedAt !== undefined });
}
