import { createContext, useContext } from 'react';
import { noTools, type ChatTools } from './chat-tools';

/** The tools the AI chat offers the model; the app provides the MCP-backed ones. */
export const ChatToolsContext = createContext<ChatTools>(noTools);

export function useChatTools(): ChatTools {
  return useContext(ChatToolsContext);
}
