import type { McpServer } from '@confab/protocol/mcp';
import { toMcpConfigEntry, type McpPutConfigBody } from '@confab/protocol/mcp-config-file';

/**
 * The putConfig body that keeps every server added through the API except `key`. Built from the
 * administrator's view of the config, which carries each server's transport settings.
 */
export function putConfigWithout(servers: McpServer[], key: string): McpPutConfigBody {
  const mcpServers: McpPutConfigBody['mcpServers'] = {};
  for (const server of servers) {
    const transport = server.transport;
    if (
      server.source !== 'admin' ||
      server.key === key ||
      !transport ||
      transport.type === 'stdio'
    ) {
      continue;
    }
    const entry = toMcpConfigEntry({ ...server, transport });
    mcpServers[server.key] = {
      type: entry.type ?? 'streamable-http',
      url: entry.url,
      headers: entry.headers ?? {},
      ...(entry.name !== undefined && { name: entry.name }),
      ...(entry.description !== undefined && { description: entry.description }),
      ...(entry.approvalPolicy !== undefined && { approvalPolicy: entry.approvalPolicy }),
      ...(entry.disabled !== undefined && { disabled: entry.disabled }),
    };
  }
  return { mcpServers };
}
