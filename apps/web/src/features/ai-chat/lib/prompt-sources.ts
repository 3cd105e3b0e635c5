/**
 * Where the composer's slash commands and attachable resources come from
 * (docs/product.md#slash-commands). The app provides the MCP-backed ones (prompts and
 * resources of the active servers); without a provider the composer has neither.
 */
import type { McpPrompt, McpResource } from '@confab/protocol/mcp-prompts';
import { createContext, useContext } from 'react';

export type SlashPrompt = McpPrompt;

export interface PromptSources {
  /** Every prompt on offer, and the servers whose prompts could not be read (with why). */
  prompts(): Promise<{
    prompts: SlashPrompt[];
    failures: Array<{ server: string; error: string }>;
  }>;
  /** The prompt's messages, for its arguments, as the text put in the composer. */
  fill(prompt: SlashPrompt, args: Record<string, string>): Promise<string>;
  /** The servers a resource may be attached from. */
  servers(): Promise<Array<{ key: string; name: string }>>;
  resources(server: string): Promise<McpResource[]>;
  /** A resource read through the server, as files for the attachment tray. */
  read(server: string, resource: McpResource): Promise<File[]>;
}

export const PromptSourcesContext = createContext<PromptSources | null>(null);

export function usePromptSources(): PromptSources | null {
  return useContext(PromptSourcesContext);
}

/** The slash command being typed: the text is `/word` (no space yet), or null. */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\s/]*)$/.exec(text);
  return match ? (match[1] ?? '') : null;
}

/** The prompts a query matches: name or title first, then description, in list order. */
export function matchPrompts(prompts: SlashPrompt[], query: string): SlashPrompt[] {
  const needle = query.toLowerCase();
  if (!needle) return prompts;
  const named = prompts.filter(
    (p) => p.name.toLowerCase().includes(needle) || p.title?.toLowerCase().includes(needle),
  );
  const described = prompts.filter(
    (p) => !named.includes(p) && p.description.toLowerCase().includes(needle),
  );
  return [...named, ...described];
}
