import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpServerInputSchema, mcpServerReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/addServer`: a streamable-http or sse server (admins); tried before it is saved. */
export const mcpAddServerRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/addServer',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpServerInputSchema, response: { 201: mcpServerReplySchema } },
    },
    async (request, reply) => {
      const server = await app.services.mcp.addServer(request.user, request.body);
      return reply.code(201).send({ server });
    },
  );
};
