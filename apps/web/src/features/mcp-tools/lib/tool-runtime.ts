import type {
  McpCallBody,
  McpCallReply,
  McpConfigReply,
  McpServer,
  McpTool,
} from '@confab/protocol/mcp';
import {
  isToolSwitchedOn,
  modelToolName,
  parseModelToolName,
  toModelTool,
  type ModelFunctionTool,
} from '@confab/protocol/mcp-model-tools';
import { ApprovalMemory, type ApprovalDecision } from './approval';
import { errorForModel, resultForModel } from './model-content';

/** A tool call as the model asked for it: `{client}--{toolName}` and its arguments. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** The model's arguments: a JSON text (OpenAI style) or an object (Ollama style). */
  args: unknown;
}

export interface ApprovalRequest {
  chatId: string;
  /** The model's id of the call, so its card can say it waits for the user. */
  callId: string;
  server: string;
  serverName: string;
  tool: string;
  args: Record<string, unknown>;
}

export type ToolCallStatus = 'done' | 'error' | 'denied';

/** What became of a call: shown as a card, and sent back to the model as `content`. */
export interface ToolCallOutcome {
  id: string;
  name: string;
  server: string | null;
  tool: string;
  args: Record<string, unknown> | null;
  status: ToolCallStatus;
  /** The tool's reply (also when the tool itself reported an error). */
  result: McpCallReply | null;
  /** Why the call did not run or failed on the way. */
  error: string | null;
  durationMs: number;
  /** The tool message's content for the model. */
  content: string;
}

export interface ToolRuntimeDeps {
  loadConfig(signal?: AbortSignal): Promise<McpConfigReply>;
  loadTools(signal?: AbortSignal): Promise<McpTool[]>;
  callTool(
    body: McpCallBody,
    options: { signal?: AbortSignal; serverTimeoutMs?: number },
  ): Promise<McpCallReply>;
  askApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
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
  const memory = new ApprovalMemory();
  let servers = new Map<string, McpServer>();
  let offered = new Set<string>();
  let serverTimeoutMs: number | undefined;

  async function offer(
    toolStates: Readonly<Record<string, boolean>> | undefined,
    signal?: AbortSignal,
  ): Promise<ModelFunctionTool[]> {
    const [config, tools] = await Promise.all([deps.loadConfig(signal), deps.loadTools(signal)]);
    servers = new Map(config.servers.map((server) => [server.key, server]));
    serverTimeoutMs = config.limits.callTimeoutMs;
    const switchedOn = tools.filter(
      (tool) =>
        servers.get(tool.server)?.active === true &&
        isToolSwitchedOn(toolStates, tool.server, tool.name),
    );
    offered = new Set(switchedOn.map((tool) => modelToolName(tool.server, tool.name)));
    return switchedOn.map(toModelTool);
  }

  async function run(
    call: ToolCallRequest,
    chatId: string,
    signal?: AbortSignal,
  ): Promise<ToolCallOutcome> {
    const started = now();
    const parsed = parseModelToolName(call.name);
    const base = {
      id: call.id,
      name: call.name,
      server: parsed?.client ?? null,
      tool: parsed?.toolName ?? call.name,
    };
    const failed = (
      status: ToolCallStatus,
      message: string,
      args: Record<string, unknown> | null,
    ): ToolCallOutcome => ({
      ...base,
      args,
      status,
      result: null,
      error: message,
      durationMs: now() - started,
      content: errorForModel(message),
    });

    if (!parsed || !offered.has(call.name)) {
      return failed('error', `There is no tool "${call.name}"`, null);
    }
    const args = readToolArgs(call.args);
    if (typeof args === 'string') return failed('error', args, null);

    const server = servers.get(parsed.client);
    const policy = server?.approvalPolicy ?? 'always ask';
    if (memory.needsApproval(policy, chatId, parsed.client, parsed.toolName)) {
      const decision = await deps.askApproval(
        {
          chatId,
          callId: call.id,
          server: parsed.client,
          serverName: server?.name ?? parsed.client,
          tool: parsed.toolName,
          args,
        },
        signal,
      );
      memory.remember(decision, policy, chatId, parsed.client, parsed.toolName);
      if (decision === 'deny') return failed('denied', 'The user denied this tool call', args);
    }

    try {
      const result = await deps.callTool(
        { client: parsed.client, name: parsed.toolName, args },
        { signal, serverTimeoutMs },
      );
      return {
        ...base,
        args,
        status: result.isError ? 'error' : 'done',
        result,
        error: null,
        durationMs: now() - started,
        content: resultForModel(result),
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      return failed('error', error instanceof Error ? error.message : String(error), args);
    }
  }

  return { offer, run, forgetChat: (chatId: string) => memory.forgetChat(chatId) };
}

export type ToolRuntime = ReturnType<typeof createToolRuntime>;
