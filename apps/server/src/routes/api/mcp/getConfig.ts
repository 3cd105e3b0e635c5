import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpConfigReplySchema } from '@confab/protocol/mcp';

/** `GET /api/mcp/getConfig`: servers with status and errors, the operator file, the limits. */
export const mcpGetConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/getConfig',
    { onRequest: app.requireUser, schema: { response: { 200: mcpConfigReplySchema } } },
    (request) => app.services.mcp.getConfig(request.user),
  );
};
