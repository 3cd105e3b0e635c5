import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiHistoryMessagesReplySchema,
  aiHistoryPullQuerySchema,
  aiHistoryRoutes,
} from '@confab/protocol/ai-history';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { aiHistoryErrors as errors } from './errors';

/** `GET /api/ai-history/messages?since=`: the signed-in account's message changes, a page. */
export const aiHistoryMessagesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    aiHistoryRoutes.messages,
    {
      onRequest: app.requireUser,
      schema: {
        querystring: aiHistoryPullQuerySchema,
        response: { 200: aiHistoryMessagesReplySchema, ...errors },
      },
    },
    async (request) =>
      ok(await app.services.aiHistory.pullMessages(signedInUser(request), request.query.since)),
  );
};
