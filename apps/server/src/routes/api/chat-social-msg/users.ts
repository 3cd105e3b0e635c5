import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profilePaths, userParamsSchema } from '@confab/protocol/profile';
import { signedInUser } from '../../../plugins/session';

/**
 * `GET /api/chat-social-msg/users/{userId}/avatar`: someone's picture, for them and the people
 * who may see it (ProfileService.avatar), 404 for anyone else. Served as the image type found
 * in its content, never sniffed, in a sandbox that runs nothing.
 */
export const userAvatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.get(
    profilePaths.userAvatar,
    // No response schema: the body is the picture's bytes.
    { schema: { params: userParamsSchema } },
    async (request, reply) => {
      const avatar = await app.services.profiles.avatar(
        signedInUser(request),
        request.params.userId,
      );
      return (
        reply
          .header('content-type', avatar.mimeType)
          .header('content-length', avatar.bytes.length)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline; filename="avatar"')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // The address changes with every new picture; private: only its audience may see it.
          .header('cache-control', 'private, max-age=86400')
          .send(avatar.bytes)
      );
    },
  );
};
