import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpOAuthDisconnectReplySchema, mcpOAuthKeyBodySchema } from '@confab/protocol/mcp-oauth';

/** `POST /api/mcp/oauth/disconnect` {key}: forgets the user's tokens and revokes them. */
export const mcpOAuthDisconnectRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/oauth/disconnect',
    {
      onRequest: app.requireUser,
      schema: { body: mcpOAuthKeyBodySchema, response: { 200: mcpOAuthDisconnectReplySchema } },
    },
    (request) => app.services.mcp.oauthDisconnect(request.user, request.body.key),
  );
};
