import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confabClientMetadata } from '../../../../mcp/oauth-provider';
import { clientMetadataPath } from '../../../../mcp/oauth';
import { notFound } from '../../../../lib/app-error';

/**
 * `GET /api/mcp/oauth/client-metadata.json`: Confab's OAuth client ID metadata document, which
 * authorization servers that support it fetch instead of a registration (its URL is the client
 * ID). Public: it names Confab and its redirect URI, nothing else. Used only when PUBLIC_URL is
 * an https origin, so the document's own URL is fixed.
 */
export const mcpOAuthClientMetadataRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(clientMetadataPath, async () => {
    const origin = app.config.mcp.publicUrl;
    if (!origin?.startsWith('https://')) throw notFound();
    return {
      client_id: `${origin}${clientMetadataPath}`,
      client_uri: origin,
      ...confabClientMetadata(`${origin}/api/mcp/oauth/callback`),
    };
  });
};
