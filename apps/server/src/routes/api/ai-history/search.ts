import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiHistoryRoutes } from '@confab/protocol/ai-history';
import {
  aiHistorySearchQuerySchema,
  aiHistorySearchReplySchema,
} from '@confab/protocol/ai-history-search';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { aiHistoryErrors as errors } from './errors';

/** `GET /api/ai-history/search?q=&limit=`: the signed-in account's messages holding `q`. */
export const aiHistorySearchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    aiHistoryRoutes.search,
    {
      onRequest: app.requireUser,
      schema: {
        querystring: aiHistorySearchQuerySchema,
        response: { 200: aiHistorySearchReplySchema, ...errors },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const results = await app.services.aiHistory.search(signedInUser(request), q, limit);
      return ok({ results });
    },
  );
};
