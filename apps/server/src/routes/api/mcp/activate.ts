import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpKeyBodySchema, mcpServerReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/activate` {key}: any server, from the file or the API (admins). */
export const mcpActivateRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/activate',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpKeyBodySchema, response: { 200: mcpServerReplySchema } },
    },
    async (request) => ({
      server: await app.services.mcp.setActive(request.user, request.body.key, true),
    }),
  );
};
