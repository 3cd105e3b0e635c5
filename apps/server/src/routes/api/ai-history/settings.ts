import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiHistoryRoutes,
  aiHistorySettingsBodySchema,
  aiHistorySettingsReplySchema,
} from '@confab/protocol/ai-history';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { aiHistoryErrors as errors } from './errors';

/**
 * `GET /api/ai-history/settings`: the signed-in account's mode, revision and storage;
 * `PUT {mode}`: keep AI chats on the server ('synced') or on the devices only ('device').
 */
export const aiHistorySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const aiHistory = app.services.aiHistory;

  app.get(
    aiHistoryRoutes.settings,
    { schema: { response: { 200: aiHistorySettingsReplySchema, ...errors } } },
    async (request) => ok(await aiHistory.settings(signedInUser(request))),
  );

  app.put(
    aiHistoryRoutes.settings,
    {
      schema: {
        body: aiHistorySettingsBodySchema,
        response: { 200: aiHistorySettingsReplySchema, ...errors },
      },
    },
    async (request) => ok(await aiHistory.setMode(signedInUser(request), request.body.mode)),
  );
};
