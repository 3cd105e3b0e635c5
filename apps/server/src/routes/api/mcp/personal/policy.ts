import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mcpPersonalPolicyBodySchema,
  mcpPersonalPolicySchema,
} from '@confab/protocol/mcp-personal';

/** `POST /api/mcp/personal/policy` {allowed} (administrators): may users add their own servers. */
export const mcpPersonalPolicyRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/personal/policy',
    {
      onRequest: app.requireAdmin,
      schema: { body: mcpPersonalPolicyBodySchema, response: { 200: mcpPersonalPolicySchema } },
    },
    (request) => app.services.mcp.setPersonalPolicy(request.user, request.body.allowed),
  );
};
