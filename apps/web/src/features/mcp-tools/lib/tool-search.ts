import type { McpOfferedTool } from '@confab/protocol/mcp';
import { toModelTool, type ModelFunctionTool } from '@confab/protocol/mcp-model-tools';
import { toolSearchName, toolSearchResultsMax } from '@confab/protocol/mcp-tool-selection';

/** The search step's arguments, as the model must give them. */
export interface ToolSearchArgs {
  query: string;
  server?: string;
}

const queryMax = 500;

/** The search tool as the model is given it, naming the servers it can search. */
export function searchToolDefinition(tools: readonly McpOfferedTool[]): ModelFunctionTool {
  const servers = [...new Set(tools.map((tool) => tool.server))];
  return {
    type: 'function',
    function: {
      name: toolSearchName,
      description:
        `Finds tools by keywords among ${tools.length} tools of the servers ${servers.join(', ')}. ` +
        `Returns up to ${toolSearchResultsMax} matching tools with their names, descriptions and ` +
        'input schemas; the tools found can be called from then on. Search before calling a tool.',
      parameters: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description: 'Keywords of what the tool should do, e.g. "add numbers"',
          },
          server: { type: 'string', enum: servers, description: 'Search only this server' },
        },
        required: ['query'],
      },
    },
  };
}

/** The model's search arguments, or what is wrong with them (told to the model). */
export function readSearchArgs(args: Record<string, unknown>): ToolSearchArgs | string {
  const { query, server } = args;
  if (typeof query !== 'string' || !query.trim()) return 'query must be a non-empty string';
  if (query.length > queryMax) return `query must be at most ${queryMax} characters`;
  if (server !== undefined && typeof server !== 'string') return 'server must be a string';
  return { query: query.trim(), ...(server ? { server } : {}) };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The tools that match the query best: a query word found in the tool's name counts most,
 * then in its title, then in its description (whole words before parts of words). Tools
 * matching nothing are left out; ties keep the offer's order.
 */
export function rankTools(
  tools: readonly McpOfferedTool[],
  { query, server }: ToolSearchArgs,
  max = toolSearchResultsMax,
): McpOfferedTool[] {
  const terms = [...new Set(words(query))];
  const scored = tools
    .filter((tool) => !server || tool.server === server)
    .map((tool, index) => {
      const fields: [string[], number][] = [
        [words(`${tool.name} ${tool.server}`), 3],
        [words(tool.title ?? ''), 2],
        [words(tool.description), 1],
      ];
      let score = 0;
      for (const term of terms) {
        for (const [fieldWords, weight] of fields) {
          if (fieldWords.includes(term)) score += weight * 2;
          else if (term.length > 2 && fieldWords.some((word) => word.includes(term)))
            score += weight;
        }
      }
      return { tool, index, score };
    })
    .filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, max).map((entry) => entry.tool);
}

/** What the model reads back from a search: each tool's callable name, description and schema. */
export function searchResultText(found: readonly McpOfferedTool[], args: ToolSearchArgs): string {
  if (!found.length) return `No tool matches "${args.query}". Try other keywords.`;
  return JSON.stringify(
    found.map((tool) => {
      const { name, description, parameters } = toModelTool(tool).function;
      return { name, description, inputSchema: parameters };
    }),
  );
}

/** The tools a search found, read back from what the model was told; none if it is not that. */
export function foundToolsOf(output: string): Array<{ name: string; description: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const entry = item as { name?: unknown; description?: unknown } | null;
    return typeof entry?.name === 'string'
      ? [
          {
            name: entry.name,
            description: typeof entry.description === 'string' ? entry.description : '',
          },
        ]
      : [];
  });
}
