import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpServerInputSchema, mcpServerReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/updateServer`: the server object of a server added through the API (admins). */
export const mcpUpdateServerRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/updateServer',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpServerInputSchema, response: { 200: mcpServerReplySchema } },
    },
    async (request) => ({
      server: await app.services.mcp.updateServer(request.user, request.body),
    }),
  );
};
