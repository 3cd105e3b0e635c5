import type { ToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import type { ChatTools } from '@/lib/ai/chat-tools';

/**
 * The MCP tool runtime as the AI chat engine's tools: the tools of active servers that the
 * user left on (`toolStates` of the stored settings), and each call run with the server's
 * approval policy. The tool's reply goes to the model as the runtime wrote it for the model.
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
      switch (outcome.status) {
        case 'done':
          return { type: 'result', output: outcome.content };
        case 'denied':
          return { type: 'denied', reason: outcome.error ?? undefined };
        case 'error':
          return { type: 'error', message: outcome.content };
      }
    },
  };
}
