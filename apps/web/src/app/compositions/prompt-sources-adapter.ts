import {
  promptMessagesText,
  type McpResource,
  type McpResourceContents,
} from '@confab/protocol/mcp-prompts';
import { fetchMcpConfig } from '@/features/mcp-tools/api/get-config';
import { fetchMcpPrompts, getMcpPrompt } from '@/features/mcp-tools/api/prompts';
import { fetchMcpResources, readMcpResource } from '@/features/mcp-tools/api/resources';
import type { PromptSources } from '@/features/ai-chat/lib/prompt-sources';

/**
 * A resource's contents as files for the composer's attachment tray, which applies its own
 * rules (kinds, sizes, images only for vision models): text as a text file named after the
 * resource, binary data with its declared type.
 */
function asFile(content: McpResourceContents, resource: McpResource): File {
  const name = (resource.title ?? resource.name).slice(0, 200) || 'resource';
  if ('text' in content) return new File([content.text], name, { type: 'text/plain' });
  const bytes = Uint8Array.from(atob(content.blob.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: content.mimeType ?? 'application/octet-stream' });
}

/** The prompts and resources of the MCP servers, as the AI chat composer's sources. */
export const mcpPromptSources: PromptSources = {
  prompts: () => fetchMcpPrompts(),
  fill: async (prompt, args) =>
    promptMessagesText(
      (await getMcpPrompt({ client: prompt.server, name: prompt.name, args })).messages,
    ),
  servers: async () =>
    (await fetchMcpConfig()).servers
      .filter((server) => server.active && server.status === 'connected')
      .map((server) => ({ key: server.key, name: server.name })),
  resources: async (server) => (await fetchMcpResources(server)).resources,
  read: async (server, resource) =>
    (await readMcpResource(server, resource.uri)).contents.map((content) =>
      asFile(content, resource),
    ),
};
