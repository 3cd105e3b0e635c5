import type { ToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import type { ChatTools, ToolForModel } from '@/features/ai-chat/lib/chat-tools';
import type { ModelFunctionTool } from '@confab/protocol/mcp-model-tools';

const forEngine = (tool: ModelFunctionTool): ToolForModel => ({
  name: tool.function.name,
  description: tool.function.description,
  inputSchema: tool.function.parameters,
});

/**
 * The MCP tool runtime as the AI chat engine's tools: the tools of active servers that the
 * user left on (`toolStates` of the stored settings) and the chat selected, with the search step
 * past the threshold (one session per reply), and each call run with the server's
 * approval policy. The runtime's outcome goes to the model and the chat as it is: the model
 * reads `output` (a denial as the tool's error), the card the tool's own reply, the error and
 * the duration.
 */
export function chatToolsFrom(
  runtime: ToolRuntime,
  toolStates: () => Readonly<Record<string, boolean>>,
): ChatTools {
  return {
    list: async () => (await runtime.offer(toolStates())).map(forEngine),
    call: (call, ctx) => runtime.run(call, ctx.chatId, ctx.signal),
    openReply: (scope) => {
      const session = runtime.session(toolStates(), scope.selection);
      return {
        list: async () => (await session.list()).map(forEngine),
        call: (call, ctx) => session.run(call, ctx.chatId, ctx.signal),
      };
    },
  };
}
