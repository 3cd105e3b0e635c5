import type { ToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import type { ChatTools } from '@/lib/ai/chat-tools';

/**
 * The MCP tool runtime as the AI chat engine's tools: the tools of active servers that the
 * user left on (`toolStates` of the stored settings), and each call run with the server's
 * approval policy. The model reads what the runtime wrote for it (a denial as the tool's
 * error); the reply's tool card shows the tool's own reply, the error and the duration.
 */
export function chatToolsFrom(
  runtime: ToolRuntime,
  toolStates: () => Readonly<Record<string, boolean>>,
): ChatTools {
  return {
    list: async () =>
      (await runtime.offer(toolStates())).map((tool) => ({
        name: tool.function.name,
        description: tool.function.description,
        inputSchema: tool.function.parameters as never,
      })),
    call: async (call, ctx) => {
      const outcome = await runtime.run(call, ctx.chatId, ctx.signal);
      const details = {
        durationMs: outcome.durationMs,
        ...(outcome.result ? { result: outcome.result } : {}),
        ...(outcome.error !== null ? { error: outcome.error } : {}),
      };
      switch (outcome.status) {
        case 'done':
          return { type: 'result', output: outcome.content, ...details };
        case 'denied':
          return { type: 'denied', reason: outcome.content, ...details };
        case 'error':
          return { type: 'error', message: outcome.content, ...details };
      }
    },
  };
}
