/**
 * How tools plug into the AI chat engine. The engine asks `list()` once per request for the tools
 * to offer the model, and calls `call()` for every tool call the model makes; the approval step,
 * if any, happens inside `call`. Names read `{client}--{toolName}` (docs/product.md#model-tools).
 * The MCP-backed implementation is composed in apps/web/src/app; tests use in-memory ones.
 */
import type { McpCallReply } from '@confab/protocol/mcp';
import type { JSONSchema7 } from 'ai';

export interface ToolForModel {
  /** `{client}--{toolName}` */
  name: string;
  /** Up to 1000 characters (docs/product.md#model-tools); the engine truncates longer ones. */
  description: string;
  /** JSON Schema of the arguments (an empty object schema when the tool declares none). */
  inputSchema: JSONSchema7;
}

export interface ToolCallRequest {
  /** The model's id of this call; the tool message answers it. */
  id: string;
  name: string;
  args: unknown;
}

export interface ToolCallContext {
  chatId: string;
  /** Aborted when the user stops the reply: a long call should give up. */
  signal: AbortSignal;
}

/** What the user sees of a call beside what the model is told (the tool card). */
export interface ToolOutcomeDetails {
  /** The tool's own reply, when it ran. */
  result?: McpCallReply;
  /** Why the call failed or did not run, for the user (the model gets `message` / `reason`). */
  error?: string;
  durationMs?: number;
}

/**
 * What a call produced: its output for the model (any JSON value or text), an error, or a
 * refusal by the user (sent to the model as the tool's error).
 */
export type ToolOutcome = (
  | { type: 'result'; output: unknown }
  | { type: 'error'; message: string }
  | { type: 'denied'; reason?: string }
) &
  ToolOutcomeDetails;

export interface ChatTools {
  list(): Promise<ToolForModel[]>;
  call(call: ToolCallRequest, ctx: ToolCallContext): Promise<ToolOutcome>;
}

/** No tools: the model answers on its own. */
export const noTools: ChatTools = {
  list: async () => [],
  call: async (call) => ({ type: 'error', message: `Unknown tool ${call.name}` }),
};

/** `{client}--{toolName}` ↔ its parts. The tool name itself may contain `--`. */
export function toolName(client: string, tool: string): string {
  return `${client}--${tool}`;
}

export function splitToolName(name: string): { client: string; tool: string } | null {
  const at = name.indexOf('--');
  if (at <= 0 || at + 2 >= name.length) return null;
  return { client: name.slice(0, at), tool: name.slice(at + 2) };
}
