import { createContext, useContext, type ReactNode } from 'react';

/**
 * The chat settings' field that picks the tools a chat offers (docs/product.md#tool-selection).
 * The app provides the MCP tools' picker; without one the field is not shown.
 */
export type ToolSelectionField = (props: {
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  /** The chat is set to use no tools: nothing to pick. */
  disabled: boolean;
}) => ReactNode;

export const ToolSelectionFieldContext = createContext<ToolSelectionField | null>(null);

export function useToolSelectionField(): ToolSelectionField | null {
  return useContext(ToolSelectionFieldContext);
}
