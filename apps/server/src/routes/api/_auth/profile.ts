import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema } from '@confab/protocol/errors';
import { limits } from '@confab/protocol/limits';
import {
  avatarMimeTypes,
  profilePaths,
  profileSchema,
  updateProfileBodySchema,
} from '@confab/protocol/profile';
import { signedInUser } from '../../../plugins/session';

const errors = { 400: errorReplySchema, 401: errorReplySchema };

/**
 * The signed-in user's own display name and avatar (docs/product.md#identity):
 * `GET|PUT /api/_auth/profile` and `PUT|DELETE /api/_auth/avatar`. The avatar's bytes are the
 * request body; its declared type only lets the body in, the service decides by the content.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = app.services.profiles;
  // Raw bytes for the avatar route; a parser set here reaches only these routes.
  for (const type of [...avatarMimeTypes, 'application/octet-stream']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: limits.avatarMaxBytes },
      (_request, body, done) => done(null, body),
    );
  }
  app.addHook('onRequest', app.requireUser);

  app.get(
    profilePaths.profile,
    { schema: { response: { 200: profileSchema, ...errors } } },
    (request) => profiles.get(signedInUser(request)),
  );

  app.put(
    profilePaths.profile,
    { schema: { body: updateProfileBodySchema, response: { 200: profileSchema, ...errors } } },
    (request) => profiles.setDisplayName(signedInUser(request), request.body.displayName),
  );

  app.put(
    profilePaths.avatar,
    {
      bodyLimit: limits.avatarMaxBytes,
      schema: {
        response: {
          200: profileSchema,
          ...errors,
          413: errorReplySchema,
          415: errorReplySchema,
        },
      },
    },
    (request) => profiles.setAvatar(signedInUser(request), request.body),
  );

  app.delete(
    profilePaths.avatar,
    { schema: { response: { 200: profileSchema, ...errors } } },
    (request) => profiles.removeAvatar(signedInUser(request)),
  );
};
