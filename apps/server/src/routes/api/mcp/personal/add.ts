import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpServerInputSchema, mcpServerReplySchema } from '@confab/protocol/mcp';

/** `POST /api/mcp/personal/add`: a remote server of the user's own, when the policy allows. */
export const mcpPersonalAddRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/personal/add',
    {
      onRequest: app.requireUser,
      schema: { body: mcpServerInputSchema, response: { 201: mcpServerReplySchema } },
      config: {
        // Each one is tried (a connection to an outside server) before it is saved.
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `mcp-personal:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const server = await app.services.mcp.addPersonal(request.user, request.body);
      return reply.code(201).send({ server });
    },
  );
};
