/** Query keys of the tool service; mutations invalidate `all`, which covers the others. */
export const mcpQueryKeys = {
  all: ['mcp'] as const,
  config: ['mcp', 'config'] as const,
  tools: ['mcp', 'tools'] as const,
  offer: ['mcp', 'offer'] as const,
};
