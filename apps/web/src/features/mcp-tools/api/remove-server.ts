import type { McpConfigReply } from '@confab/protocol/mcp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putConfigWithout } from '../lib/remove-server';
import { fetchMcpConfig } from './get-config';
import { putMcpConfig } from './put-config';
import { mcpQueryKeys } from './query-keys';

/**
 * Removes one server added through the API. putConfig replaces the whole set, so the set is read
 * from the server just before writing: a list cached on this page could miss a server another
 * administrator added since, and writing it back would silently remove that one too.
 */
export async function removeMcpServer(key: string): Promise<McpConfigReply> {
  const current = await fetchMcpConfig();
  return putMcpConfig(putConfigWithout(current.servers, key));
}

export function useRemoveMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMcpServer,
    onSuccess: (config) => queryClient.setQueryData(mcpQueryKeys.config, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all }),
  });
}
