import { z } from 'zod';
import { modelToolName } from './mcp-model-tools';
import { reservedToolServerKey } from './mcp';

/**
 * Which tools a chat offers (docs/product.md#tool-selection). A chat's `toolSelection` lists
 * entries that are either a server key (all that server's tools, those it adds later too) or
 * `{server}.{tool}` (one tool; server keys hold no "."). Absent: every tool that is switched on.
 */
export type ToolSelection = readonly string[];

export const toolSelectionLimits = {
  /** Entries a chat may list. */
  entriesMax: 500,
  /** One entry: a server key (32) and a tool name (MCP allows 128). */
  entryMax: 200,
} as const;

export const toolSelectionSchema = z
  .array(
    z
      .string()
      .min(1, 'A tool selection entry must not be empty')
      .max(
        toolSelectionLimits.entryMax,
        `A tool selection entry must be at most ${toolSelectionLimits.entryMax} characters`,
      ),
  )
  .max(
    toolSelectionLimits.entriesMax,
    `A chat may select at most ${toolSelectionLimits.entriesMax} tools`,
  );

/** Whether a chat with this selection offers the tool; no selection offers every tool. */
export function isToolSelected(
  selection: ToolSelection | undefined,
  server: string,
  toolName: string,
): boolean {
  if (!selection) return true;
  return selection.includes(server) || selection.includes(`${server}.${toolName}`);
}

/**
 * Past this many tools a request carries only the search tool and the tools found so far.
 * Each full definition costs the model roughly 100-400 tokens on every request of a reply; 16
 * keeps that under a few thousand, while a chat with a handful of servers' worth of tools
 * (where the model can no longer tell them apart from the list) searches instead.
 */
export const toolSearchThreshold = 16;

/** How many tools one search returns at most: enough to choose from, few enough to read. */
export const toolSearchResultsMax = 8;

/** The search tool's name as the model sees it; no MCP server may take its key. */
export const toolSearchName = modelToolName(reservedToolServerKey, 'search_tools');
