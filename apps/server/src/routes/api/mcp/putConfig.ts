import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpConfigReplySchema } from '@confab/protocol/mcp';
import { mcpPutConfigBodySchema } from '@confab/protocol/mcp-config-file';

/** `POST /api/mcp/putConfig` {mcpServers}: replaces the servers added through the API (admins). */
export const mcpPutConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/putConfig',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpPutConfigBodySchema, response: { 200: mcpConfigReplySchema } },
    },
    (request) => app.services.mcp.putConfig(request.user, request.body),
  );
};
