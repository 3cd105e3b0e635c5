import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpToolsQuerySchema, mcpToolsReplySchema } from '@confab/protocol/mcp';

/** `GET /api/mcp/tools?server=`: the tools of the active servers, or of the one named. */
export const mcpToolsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/tools',
    {
      onRequest: app.requireUser,
      schema: { querystring: mcpToolsQuerySchema, response: { 200: mcpToolsReplySchema } },
    },
    (request) => app.services.mcp.tools(request.user, request.query),
  );
};
