import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpOAuthCallbackQuerySchema } from '@confab/protocol/mcp-oauth';

/**
 * `GET /api/mcp/oauth/callback?code&state`: where the authorization server sends the browser
 * back. Finishes the signed-in user's own sign-in and sends them to the MCP settings with the
 * result; a state that is not theirs (or used, or unknown) is a 400 and nothing is saved.
 */
export const mcpOAuthCallbackRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/oauth/callback',
    { onRequest: app.requireUser, schema: { querystring: mcpOAuthCallbackQuerySchema } },
    async (request, reply) => {
      const result = await app.services.mcp.oauthCallback(
        request.user,
        request.query,
        `${request.protocol}://${request.host}`,
      );
      return reply.header('cache-control', 'no-store').redirect(result.location, 303);
    },
  );
};
