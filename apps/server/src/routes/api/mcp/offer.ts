import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpOfferReplySchema } from '@confab/protocol/mcp';

/** `GET /api/mcp/offer`: the AI chat's tools with their servers' policies, and the call limits. */
export const mcpOfferRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/offer',
    { onRequest: app.requireUser, schema: { response: { 200: mcpOfferReplySchema } } },
    (request) => app.services.mcp.offer(request.user),
  );
};
