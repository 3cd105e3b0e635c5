import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mcpPersonalKeyBodySchema,
  mcpPersonalRemoveReplySchema,
} from '@confab/protocol/mcp-personal';

/** `POST /api/mcp/personal/remove` {key}: one of the user's own servers. */
export const mcpPersonalRemoveRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/personal/remove',
    {
      onRequest: app.requireUser,
      schema: { body: mcpPersonalKeyBodySchema, response: { 200: mcpPersonalRemoveReplySchema } },
    },
    (request) => app.services.mcp.removePersonal(request.user, request.body.key),
  );
};
