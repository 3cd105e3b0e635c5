import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mcpReadResourceBodySchema,
  mcpReadResourceReplySchema,
} from '@confab/protocol/mcp-prompts';
import { abandonedSignal, mcpRequestRateLimit } from './mcp-request-limit';

/** `POST /api/mcp/readResource` {client, uri}: a resource read through its server. */
export const mcpReadResourceRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/readResource',
    {
      onRequest: app.requireUser,
      schema: { body: mcpReadResourceBodySchema, response: { 200: mcpReadResourceReplySchema } },
      config: mcpRequestRateLimit(app, 'resource'),
    },
    async (request, reply) => {
      const abandoned = abandonedSignal(reply.raw);
      try {
        return await app.services.mcp.readResource(request.user, request.body, abandoned.signal);
      } finally {
        abandoned.done();
      }
    },
  );
};
