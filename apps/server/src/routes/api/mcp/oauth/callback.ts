import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpOAuthCallbackQuerySchema } from '@confab/protocol/mcp-oauth';

/**
 * `GET /api/mcp/oauth/callback?code&state`: where the authorization server sends the browser
 * back. Finishes the signed-in user's own sign-in and sends them to the MCP settings with the
 * result; a state that is not theirs (or used, or unknown), or no session, is a failure reason
 * there and nothing is saved.
 */
export const mcpOAuthCallbackRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mcp/oauth/callback',
    // No requireUser: a browser without a session is sent to the settings with the reason.
    // A query that fails the schema is a failed sign-in too, in words, not a JSON error page.
    { schema: { querystring: mcpOAuthCallbackQuerySchema }, attachValidation: true },
    async (request, reply) => {
      const result = request.validationError
        ? app.services.mcp.oauthCallbackMalformed(request.validationError.message)
        : await app.services.mcp.oauthCallback(request.user, request.query);
      if (!result.connected && result.detail) {
        request.log.info({ reason: result.detail }, 'MCP OAuth sign-in failed');
      }
      return reply.header('cache-control', 'no-store').redirect(result.location, 303);
    },
  );
};
