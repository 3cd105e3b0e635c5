import type { ToolCallRecord } from '@confab/protocol/ai-chat';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * How a reply shows one of its tool calls. The chat draws a plain line by default; the app
 * provides the tool card of the MCP tools (name, arguments, result or error, duration).
 * `live`: the reply is still running, so a call without an outcome is running (not stopped).
 */
export type ToolCallView = (call: ToolCallRecord, live: boolean) => ReactNode;

export const ToolCallViewContext = createContext<ToolCallView | null>(null);

export function useToolCallView(): ToolCallView | null {
  return useContext(ToolCallViewContext);
}
