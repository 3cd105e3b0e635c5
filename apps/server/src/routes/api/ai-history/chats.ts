import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiHistoryChatsReplySchema,
  aiHistoryPullQuerySchema,
  aiHistoryPushBodySchema,
  aiHistoryPushReplySchema,
  aiHistoryRoutes,
} from '@confab/protocol/ai-history';
import { limits } from '@confab/protocol/limits';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { aiHistoryErrors as errors } from './errors';

/**
 * `GET /api/ai-history/chats?since=`: the signed-in account's chat changes and settings;
 * `POST`: push chat and message changes (docs/product.md#ai-history-sync).
 */
export const aiHistoryChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const aiHistory = app.services.aiHistory;

  app.get(
    aiHistoryRoutes.chats,
    {
      schema: {
        querystring: aiHistoryPullQuerySchema,
        response: { 200: aiHistoryChatsReplySchema, ...errors },
      },
    },
    async (request) => ok(await aiHistory.pullChats(signedInUser(request), request.query.since)),
  );

  app.post(
    aiHistoryRoutes.chats,
    {
      // Messages carry their prompts' images (docs/product.md#prompt-attachments).
      bodyLimit: limits.aiHistoryPushMaxBytes,
      // A body that may be larger than other bodies (a length past theirs, or none given) is
      // admitted before it is read, within the user's allowance of such pushes.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? Number.NaN);
        if (Number.isNaN(length) || length > limits.bodyMaxBytes)
          await aiHistory.admitLargePush(signedInUser(request));
      },
      schema: {
        body: aiHistoryPushBodySchema,
        response: { 200: aiHistoryPushReplySchema, ...errors },
      },
    },
    async (request) => ok(await aiHistory.push(signedInUser(request), request.body.changes)),
  );
};
