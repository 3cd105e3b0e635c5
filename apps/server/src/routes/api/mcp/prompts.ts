import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpPromptsReplySchema } from '@confab/protocol/mcp-prompts';

/** `GET /api/mcp/prompts`: the prompts of the active servers, the composer's slash commands. */
export const mcpPromptsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/prompts',
    { onRequest: app.requireUser, schema: { response: { 200: mcpPromptsReplySchema } } },
    (request) => app.services.mcp.prompts(request.user),
  );
};
