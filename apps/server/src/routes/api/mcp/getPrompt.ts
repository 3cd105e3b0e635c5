import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpGetPromptBodySchema, mcpGetPromptReplySchema } from '@confab/protocol/mcp-prompts';
import { abandonedSignal, mcpRequestRateLimit } from './mcp-request-limit';

/** `POST /api/mcp/getPrompt` {client, name, args}: a prompt's messages, with its arguments. */
export const mcpGetPromptRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/getPrompt',
    {
      onRequest: app.requireUser,
      schema: { body: mcpGetPromptBodySchema, response: { 200: mcpGetPromptReplySchema } },
      config: mcpRequestRateLimit(app, 'prompt'),
    },
    async (request, reply) => {
      const abandoned = abandonedSignal(reply.raw);
      try {
        return await app.services.mcp.getPrompt(request.user, request.body, abandoned.signal);
      } finally {
        abandoned.done();
      }
    },
  );
};
