import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mcpOAuthKeyBodySchema, mcpOAuthStartReplySchema } from '@confab/protocol/mcp-oauth';

/** `POST /api/mcp/oauth/start` {key}: the URL where the user signs in to an OAuth server. */
export const mcpOAuthStartRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mcp/oauth/start',
    {
      onRequest: app.requireUser,
      schema: { body: mcpOAuthKeyBodySchema, response: { 200: mcpOAuthStartReplySchema } },
      config: {
        // Each start asks an outside authorization server and stores a pending sign-in.
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `mcp-oauth:${request.user?.id ?? request.ip}`,
        },
      },
    },
    (request) => app.services.mcp.oauthStart(request.user, request.body.key),
  );
};
