import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpKeyBodySchema, mcpServerReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/deactivate` {key}: closes the server's connection on every node (admins). */
export const mcpDeactivateRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/deactivate',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpKeyBodySchema, response: { 200: mcpServerReplySchema } },
    },
    async (request) => ({
      server: await app.services.mcp.setActive(request.user, request.body.key, false),
    }),
  );
};
