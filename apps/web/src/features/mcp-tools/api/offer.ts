import { mcpOfferReplySchema, type McpOfferReply } from '@confab/protocol/mcp';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

// The server waits for servers that are still connecting (15 s at most by default).
const offerTimeoutMs = 30_000;

/** `GET /api/mcp/offer`: the tools of the active servers with their policies, and the limits. */
export function fetchMcpOffer(signal?: AbortSignal): Promise<McpOfferReply> {
  return apiFetch('/api/mcp/offer', {
    signal,
    timeoutMs: offerTimeoutMs,
    parse: (json) => mcpOfferReplySchema.parse(json),
  });
}

/**
 * What each prompt offers the model, cached between prompts. Under the `mcp` keys, so every
 * change of the servers made here (add, update, remove, activate: a tool policy is a server's)
 * refreshes it; a change made elsewhere shows within `staleTime`.
 */
export const mcpOfferQueryOptions = queryOptions({
  queryKey: mcpQueryKeys.offer,
  queryFn: ({ signal }) => fetchMcpOffer(signal),
  staleTime: 10_000,
});
