import { limits } from './limits';
import type { McpJsonSchema, McpTool } from './mcp';

/**
 * How MCP tools are offered to models (docs/product.md#model-tools): a function named
 * `{client}--{toolName}`, its description cut to 1000 characters, its parameters the tool's
 * input schema (an empty object schema when it has none).
 */

export const toolNameSeparator = '--';

/** `{client}--{toolName}`: the name a model sees and calls. */
export function modelToolName(client: string, toolName: string): string {
  return `${client}${toolNameSeparator}${toolName}`;
}

/**
 * The server and tool a model's function name stands for, or null when it is not of the form
 * `{client}--{toolName}`. Server keys never contain "--", so the first one separates the two;
 * the tool's own name may contain more.
 */
export function parseModelToolName(name: string): { client: string; toolName: string } | null {
  const at = name.indexOf(toolNameSeparator);
  if (at <= 0) return null;
  const client = name.slice(0, at);
  const toolName = name.slice(at + toolNameSeparator.length);
  if (!toolName) return null;
  return { client, toolName };
}

/** The key of a tool's switch in the stored settings' `toolStates`. */
export function toolStateKey(server: string, toolName: string): string {
  return `${server}.${toolName}`;
}

/** A tool is on unless the user switched it off. */
export function isToolSwitchedOn(
  toolStates: Readonly<Record<string, boolean>> | undefined,
  server: string,
  toolName: string,
): boolean {
  return toolStates?.[toolStateKey(server, toolName)] !== false;
}

/** Cut to `max` characters, counting a character outside the BMP (an emoji) as one. */
export function cutToCharacters(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/** Providers want an object schema with `properties`; some MCP tools leave it out. */
export function modelToolParameters(inputSchema: McpJsonSchema | undefined | null): McpJsonSchema {
  if (!inputSchema || typeof inputSchema !== 'object' || Array.isArray(inputSchema)) {
    return { type: 'object', properties: {} };
  }
  const properties = inputSchema.properties;
  return {
    ...inputSchema,
    type: 'object',
    properties:
      properties && typeof properties === 'object' && !Array.isArray(properties) ? properties : {},
  };
}

export interface ModelFunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: McpJsonSchema };
}

/** One MCP tool as a model is given it. */
export function toModelTool(
  tool: Pick<McpTool, 'server' | 'name' | 'description' | 'inputSchema'>,
): ModelFunctionTool {
  return {
    type: 'function',
    function: {
      name: modelToolName(tool.server, tool.name),
      description: cutToCharacters(tool.description ?? '', limits.toolDescriptionMax),
      parameters: modelToolParameters(tool.inputSchema),
    },
  };
}
