import type { FastifyInstance } from 'fastify';

/**
 * Per user, shared with tool calls: each prompt or resource read starts work on an MCP server,
 * which one account must not flood.
 */
export function mcpRequestRateLimit(app: FastifyInstance, name: string) {
  return {
    rateLimit: {
      max: app.config.rateLimits.toolCallsPerUserPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: { user?: { id: string } | null; ip: string }) =>
        `mcp-${name}:${request.user?.id ?? request.ip}`,
    },
  };
}

/** An AbortSignal that fires when the browser drops the request (the user went away). */
export function abandonedSignal(raw: NodeJS.EventEmitter): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const abandon = () => controller.abort();
  raw.once('close', abandon);
  return { signal: controller.signal, done: () => raw.off('close', abandon) };
}
