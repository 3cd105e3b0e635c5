import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpCallBodySchema, mcpCallReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/call` {client, name, args}: runs one tool of an active server. */
export const mcpCallRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/call',
    {
      onRequest: app.requireUser,
      schema: { body: mcpCallBodySchema, response: { 200: mcpCallReplySchema } },
      config: {
        // Per user: each call starts work on an MCP server, which one account must not flood.
        rateLimit: {
          max: app.config.rateLimits.toolCallsPerUserPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `mcp-call:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      // The user pressed stop (the browser dropped the request): the tool call is cancelled
      // on the MCP server too, rather than left running for nobody.
      const controller = new AbortController();
      const abandon = () => controller.abort();
      reply.raw.once('close', abandon);
      try {
        return await app.services.mcp.call(request.user, request.body, controller.signal);
      } finally {
        reply.raw.off('close', abandon);
      }
    },
  );
};
