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
import {
  isToolSelected,
  toolSearchName,
  toolSearchThreshold,
  type ToolSelection,
} from '@confab/protocol/mcp-tool-selection';
import { ApprovalMemory, type ApprovalDecision, type ApprovalStore } from './approval';

export type { ApprovalStore } from './approval';
import { errorForModel, resultForModel } from './model-content';
import { rankTools, readSearchArgs, searchResultText, searchToolDefinition } from './tool-search';

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
    const switchedOn = await available(toolStates, undefined, signal);
    offered = new Map(switchedOn.map((tool) => [modelToolName(tool.server, tool.name), tool]));
    return switchedOn.map(toModelTool);
  }

  /** The tools of active servers that are switched on and that the chat selected. */
  async function available(
    toolStates: Readonly<Record<string, boolean>> | undefined,
    selection: ToolSelection | undefined,
    signal?: AbortSignal,
  ): Promise<McpOfferedTool[]> {
    const { tools, limits } = await deps.loadOffer(signal);
    serverTimeoutMs = limits.callTimeoutMs;
    return tools.filter(
      (tool) =>
        isToolSwitchedOn(toolStates, tool.server, tool.name) &&
        isToolSelected(selection, tool.server, tool.name),
    );
  }

  /**
   * The tools of one reply (docs/product.md#tool-selection): the chat's selection, and past
   * `toolSearchThreshold` tools the search step instead, with the tools found so far (they stay
   * offered until the reply ends). Its state is its own, so replies in other chats do not mix.
   */
  function session(
    toolStates: Readonly<Record<string, boolean>> | undefined,
    selection: ToolSelection | undefined,
  ) {
    let all: McpOfferedTool[] | null = null;
    const found = new Map<string, McpOfferedTool>();
    const searching = () => all !== null && all.length > toolSearchThreshold;

    async function list(signal?: AbortSignal): Promise<ModelFunctionTool[]> {
      all ??= await available(toolStates, selection, signal);
      if (!searching()) return all.map(toModelTool);
      return [searchToolDefinition(all), ...[...found.values()].map(toModelTool)];
    }

    function search(call: ToolCallRequest, started: number): ToolCallOutcome {
      const args = readToolArgs(call.args);
      const parsed = typeof args === 'string' ? args : readSearchArgs(args);
      if (typeof parsed === 'string') {
        return { outcome: 'error', output: errorForModel(parsed), error: parsed, durationMs: 0 };
      }
      const matches = rankTools(all ?? [], parsed);
      for (const tool of matches) found.set(modelToolName(tool.server, tool.name), tool);
      return {
        outcome: 'result',
        output: searchResultText(matches, parsed),
        durationMs: now() - started,
      };
    }

    async function runCall(
      call: ToolCallRequest,
      chatId: string,
      signal?: AbortSignal,
    ): Promise<ToolCallOutcome> {
      if (searching() && call.name === toolSearchName) return search(call, now());
      const callable = searching()
        ? found
        : new Map((all ?? []).map((tool) => [modelToolName(tool.server, tool.name), tool]));
      return runOffered(callable, call, chatId, signal);
    }

    return { list, run: runCall };
  }

  async function run(
    call: ToolCallRequest,
    chatId: string,
    signal?: AbortSignal,
  ): Promise<ToolCallOutcome> {
    return runOffered(offered, call, chatId, signal);
  }

  async function runOffered(
    callable: ReadonlyMap<string, McpOfferedTool>,
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
    const tool = callable.get(call.name);
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

  return { offer, run, session };
}

export type ToolRuntime = ReturnType<typeof createToolRuntime>;
