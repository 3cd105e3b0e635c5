import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  linkPreviewImageParamsSchema,
  linkPreviewQuerySchema,
  linkPreviewReplySchema,
  socialChatRoutes,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { errorHandler } from '../../../plugins/errors';
import { signedInUser } from '../../../plugins/session';

/**
 * `GET /api/chat-social-msg/link-preview?url=` and `GET …/link-preview/{previewId}/image`
 * (docs/product.md#link-previews): a page's preview, fetched by the server, and its image,
 * served from our origin as the raster image its bytes are, never as a page.
 */
export const linkPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const previews = app.services.linkPreviews;
  app.setErrorHandler(errorHandler(() => undefined));
  app.addHook('onRequest', app.requireUser);

  app.get(
    socialChatRoutes.linkPreview,
    {
      schema: {
        querystring: linkPreviewQuerySchema,
        response: {
          200: linkPreviewReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) =>
      ok({ preview: await previews.preview(signedInUser(request), request.query.url) }),
  );

  app.get(
    socialChatRoutes.linkPreviewImage,
    // No response schema: the body is the image's bytes.
    { schema: { params: linkPreviewImageParamsSchema } },
    async (request, reply) => {
      signedInUser(request);
      const image = await previews.image(request.params.previewId);
      return reply
        .header('content-type', image.type)
        .header('content-length', image.bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(image.bytes);
    },
  );
};
