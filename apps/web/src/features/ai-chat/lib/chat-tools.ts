/**
 * How tools plug into the AI chat engine. The engine asks `list()` once per request for the tools
 * to offer the model, and calls `call()` for every tool call the model makes; the approval step,
 * if any, happens inside `call`, and its outcome is what the chat stores with the call. Names
 * have the form `{client}--{toolName}` (docs/product.md#model-tools). The MCP-backed implementation is composed in apps/web/src/app; tests use in-memory ones.
 */
import type { ToolCallOutcome, ToolCallRequest } from '@confab/protocol/ai-chat';
import type { JSONSchema7 } from 'ai';

export interface ToolForModel {
  /** `{client}--{toolName}` */
  name: string;
  /** Up to 1000 characters (docs/product.md#model-tools); the engine truncates longer ones. */
  description: string;
  /** JSON Schema of the arguments (an empty object schema when the tool declares none). */
  inputSchema: JSONSchema7;
}

export interface ToolCallContext {
  chatId: string;
  /** Aborted when the user stops the reply: a long call should give up. */
  signal: AbortSignal;
}

export interface ChatTools {
  list(): Promise<ToolForModel[]>;
  call(call: ToolCallRequest, ctx: ToolCallContext): Promise<ToolCallOutcome>;
  /**
   * The tools of one reply, for the chat's selection: its `list()` is asked again after every
   * tool round, since a call (the search step) may make more tools callable. Without it, `list`
   * and `call` above serve every reply and the list is asked once.
   */
  openReply?(scope: ReplyToolScope): ChatTools;
}

export interface ReplyToolScope {
  chatId: string;
  /** The chat's tool selection (docs/product.md#tool-selection); absent: every tool. */
  selection?: readonly string[];
}

/** No tools: the model answers on its own. */
export const noTools: ChatTools = {
  list: async () => [],
  call: async (call) => ({
    outcome: 'error',
    output: `Unknown tool ${call.name}`,
    error: `Unknown tool ${call.name}`,
  }),
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
