import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpConfigReplySchema } from '@confab/protocol/mcp';

/** `GET /api/mcp/init`: re-reads the operator's mcp.json and answers with the server list. */
export const mcpInitRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/init',
    { onRequest: app.requireUser, schema: { response: { 200: mcpConfigReplySchema } } },
    (request) => app.services.mcp.init(request.user),
  );
};
