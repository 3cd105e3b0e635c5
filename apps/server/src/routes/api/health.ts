import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReplySchema } from '@confab/protocol/health';
import { serviceConfigs } from '@confab/protocol/services';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthReplySchema } } }, () => ({
    ok: true as const,
    services: Object.values(serviceConfigs),
  }));
};
