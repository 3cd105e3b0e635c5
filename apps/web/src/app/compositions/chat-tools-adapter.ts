import type { ToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import type { ChatTools } from '@/features/ai-chat/lib/chat-tools';

/**
 * The MCP tool runtime as the AI chat engine's tools: the tools of active servers that the
 * user left on (`toolStates` of the stored settings), and each call run with the server's
 * approval policy. The runtime's outcome goes to the model and the chat as it is: the model
 * reads `output` (a denial as the tool's error), the card the tool's own reply, the error and
 * the duration.
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
    call: (call, ctx) => runtime.run(call, ctx.chatId, ctx.signal),
  };
}
