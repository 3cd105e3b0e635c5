import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpResourcesQuerySchema, mcpResourcesReplySchema } from '@confab/protocol/mcp-prompts';

/** `GET /api/mcp/resources?server=`: the resources and resource templates of one server. */
export const mcpResourcesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/resources',
    {
      onRequest: app.requireUser,
      schema: { querystring: mcpResourcesQuerySchema, response: { 200: mcpResourcesReplySchema } },
    },
    (request) => app.services.mcp.resources(request.user, request.query),
  );
};
