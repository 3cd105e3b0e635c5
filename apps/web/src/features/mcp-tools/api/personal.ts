import { mcpServerReplySchema, type McpServer, type McpServerInput } from '@confab/protocol/mcp';
import {
  mcpPersonalPolicySchema,
  mcpPersonalRemoveReplySchema,
  type McpPersonalPolicy,
} from '@confab/protocol/mcp-personal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mcpQueryKeys } from './query-keys';

// The server tries the new server before saving it (15 s at most by default).
const addTimeoutMs = 30_000;

/** `POST /api/mcp/personal/add`: a server of the user's own. */
export async function addPersonalServer(body: McpServerInput): Promise<McpServer> {
  const reply = await apiFetch('/api/mcp/personal/add', {
    method: 'POST',
    body,
    timeoutMs: addTimeoutMs,
    parse: (json) => mcpServerReplySchema.parse(json),
  });
  return reply.server;
}

/** `POST /api/mcp/personal/remove` {key}. */
export async function removePersonalServer(key: string): Promise<void> {
  await apiFetch('/api/mcp/personal/remove', {
    method: 'POST',
    body: { key },
    parse: (json) => mcpPersonalRemoveReplySchema.parse(json),
  });
}

/** `POST /api/mcp/personal/policy` {allowed} (administrators). */
export function setPersonalPolicy(allowed: boolean): Promise<McpPersonalPolicy> {
  return apiFetch('/api/mcp/personal/policy', {
    method: 'POST',
    body: { allowed },
    parse: (json) => mcpPersonalPolicySchema.parse(json),
  });
}

function useInvalidating<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all }),
  });
}

export const useAddPersonalServer = () => useInvalidating(addPersonalServer);
export const useRemovePersonalServer = () => useInvalidating(removePersonalServer);
export const useSetPersonalPolicy = () => useInvalidating(setPersonalPolicy);
