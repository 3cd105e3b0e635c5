import type { McpOfferedTool } from '@confab/protocol/mcp';
import { isToolSelected, type ToolSelection } from '@confab/protocol/mcp-tool-selection';

/**
 * Changes of a chat's tool selection as the picker makes them. "All" (no selection) becomes
 * the list of every server once the user changes something, so servers added later are not
 * offered unasked; a server whose every tool is ticked is kept as the server itself.
 */

const serversOf = (tools: readonly McpOfferedTool[]) => [...new Set(tools.map((t) => t.server))];

function withoutServer(selection: readonly string[], server: string): string[] {
  return selection.filter((entry) => entry !== server && !entry.startsWith(`${server}.`));
}

export function setServerSelected(
  selection: ToolSelection | undefined,
  tools: readonly McpOfferedTool[],
  server: string,
  on: boolean,
): string[] {
  const rest = withoutServer(selection ?? serversOf(tools), server);
  return on ? [...rest, server] : rest;
}

export function setToolSelected(
  selection: ToolSelection | undefined,
  tools: readonly McpOfferedTool[],
  server: string,
  toolName: string,
  on: boolean,
): string[] {
  const base = selection ?? serversOf(tools);
  const serverTools = tools.filter((tool) => tool.server === server).map((tool) => tool.name);
  const ticked = new Set(serverTools.filter((name) => isToolSelected(base, server, name)));
  if (on) ticked.add(toolName);
  else ticked.delete(toolName);
  const rest = withoutServer(base, server);
  if (serverTools.length > 0 && serverTools.every((name) => ticked.has(name))) {
    return [...rest, server];
  }
  return [...rest, ...serverTools.filter((name) => ticked.has(name)).map((n) => `${server}.${n}`)];
}

/** How many of these tools the selection offers. */
export function selectedCount(
  selection: ToolSelection | undefined,
  tools: readonly McpOfferedTool[],
): number {
  return tools.filter((tool) => isToolSelected(selection, tool.server, tool.name)).length;
}
