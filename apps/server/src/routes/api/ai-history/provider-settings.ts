import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiHistoryRoutes,
  aiSettingsSyncBodySchema,
  aiSettingsSyncReplySchema,
} from '@confab/protocol/ai-history';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { aiHistoryErrors as errors } from './errors';

/**
 * `GET /api/ai-history/provider-settings`: the signed-in account's synced provider settings and
 * sealed keys; `PUT {settings, sealedKeys?}`: replace them (docs/product.md#settings-and-key-sync).
 */
export const aiSettingsSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const settingsSync = app.services.aiSettingsSync;

  app.get(
    aiHistoryRoutes.providerSettings,
    { schema: { response: { 200: aiSettingsSyncReplySchema, ...errors } } },
    async (request) => ok(await settingsSync.read(signedInUser(request))),
  );

  app.put(
    aiHistoryRoutes.providerSettings,
    {
      schema: {
        body: aiSettingsSyncBodySchema,
        response: { 200: aiSettingsSyncReplySchema, ...errors },
      },
    },
    async (request) => ok(await settingsSync.write(signedInUser(request), request.body)),
  );
};
