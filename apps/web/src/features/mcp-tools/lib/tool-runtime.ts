import type { ToolCallOutcome, ToolCallRequest } from '@confab/protocol/ai-chat';
import type {
  McpCallBody,
  McpCallReply,
  McpOfferedTool,
  McpOfferReply,
} from '@confab/protocol/mcp';
import {
  isToolSwitchedOn,
  modelToolName,
  parseModelToolName,
  toModelTool,
  type ModelFunctionTool,
} from '@confab/protocol/mcp-model-tools';
import { ApprovalMemory, type ApprovalDecision, type ApprovalStore } from './approval';

export type { ApprovalStore } from './approval';
import { errorForModel, resultForModel } from './model-content';

export interface ApprovalRequest {
  chatId: string;
  /** The model's id of the call, so its card can say it waits for the user. */
  callId: string;
  server: string;
  serverName: string;
  tool: string;
  args: Record<string, unknown>;
}

export interface ToolRuntimeDeps {
  /** The tools of the active servers with their policies, and the limits (one request). */
  loadOffer(signal?: AbortSignal): Promise<McpOfferReply>;
  callTool(
    body: McpCallBody,
    options: { signal?: AbortSignal; serverTimeoutMs?: number },
  ): Promise<McpCallReply>;
  askApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
  /**
   * Shows the questions the server asks during call `callId` in the card of the model's call;
   * returns the end of it. Without it, calls are made without a `callId` (nobody is asked).
   */
  trackInput?(callId: string, modelCallId: string): () => void;
  newCallId?(): string;
  /** Where each chat's approvals are kept; the page's memory when not given. */
  approvals?: ApprovalStore;
  now?: () => number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The model's arguments as an object, or the reason they are not one (told to the model). */
export function readToolArgs(raw: unknown): Record<string, unknown> | string {
  if (raw === undefined || raw === null) return {};
  if (typeof raw === 'string') {
    if (!raw.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return 'The arguments are not valid JSON';
    }
    return isPlainObject(parsed) ? parsed : 'The arguments must be a JSON object';
  }
  return isPlainObject(raw) ? raw : 'The arguments must be a JSON object';
}

/**
 * The tool side of the chat's tool loop, apart from any model provider: which tools to offer
 * (active servers, tools the user did not switch off), and running one call the model asked
 * for, with the server's approval policy. A failing tool never throws here: its error becomes
 * the outcome the model reads. Only an abort (the stop button) rejects.
 */
export function createToolRuntime(deps: ToolRuntimeDeps) {
  const now = deps.now ?? (() => performance.now());
  const memory = new ApprovalMemory(deps.approvals);
  // The tools offered with the last prompt, by their model name: only these may be called.
  let offered = new Map<string, McpOfferedTool>();
  let serverTimeoutMs: number | undefined;

  async function offer(
    toolStates: Readonly<Record<string, boolean>> | undefined,
    signal?: AbortSignal,
  ): Promise<ModelFunctionTool[]> {
    const { tools, limits } = await deps.loadOffer(signal);
    serverTimeoutMs = limits.callTimeoutMs;
    const switchedOn = tools.filter((tool) => isToolSwitchedOn(toolStates, tool.server, tool.name));
    offered = new Map(switchedOn.map((tool) => [modelToolName(tool.server, tool.name), tool]));
    return switchedOn.map(toModelTool);
  }

  async function run(
    call: ToolCallRequest,
    chatId: string,
    signal?: AbortSignal,
  ): Promise<ToolCallOutcome> {
    const started = now();
    const failed = (outcome: 'error' | 'denied', message: string): ToolCallOutcome => ({
      outcome,
      output: errorForModel(message),
      error: message,
      durationMs: now() - started,
    });

    const parsed = parseModelToolName(call.name);
    const tool = offered.get(call.name);
    if (!parsed || !tool) return failed('error', `There is no tool "${call.name}"`);
    const args = readToolArgs(call.args);
    if (typeof args === 'string') return failed('error', args);

    const policy = tool.approvalPolicy;
    if (memory.needsApproval(policy, chatId, parsed.client, parsed.toolName)) {
      const decision = await deps.askApproval(
        {
          chatId,
          callId: call.id,
          server: parsed.client,
          serverName: tool.serverName,
          tool: parsed.toolName,
          args,
        },
        signal,
      );
      memory.remember(decision, policy, chatId, parsed.client, parsed.toolName);
      if (decision === 'deny') return failed('denied', 'The user denied this tool call');
    }

    const callId = deps.trackInput && deps.newCallId ? deps.newCallId() : undefined;
    const untrack = callId ? deps.trackInput?.(callId, call.id) : undefined;
    try {
      const result = await deps.callTool(
        { client: parsed.client, name: parsed.toolName, args, ...(callId && { callId }) },
        { signal, serverTimeoutMs },
      );
      const output = resultForModel(result);
      return {
        outcome: result.isError ? 'error' : 'result',
        output,
        result,
        // A tool's own error is shown as the model reads it.
        ...(result.isError ? { error: output } : {}),
        durationMs: now() - started,
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      return failed('error', error instanceof Error ? error.message : String(error));
    } finally {
      untrack?.();
    }
  }

  return { offer, run };
}

export type ToolRuntime = ReturnType<typeof createToolRuntime>;
